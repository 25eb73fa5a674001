export {
  applyChange,
  formatTags,
  MAX_TAG_LENGTH,
  parseTags,
  TAG_MESSAGES,
  TAGS_KEY,
  tagsOf,
  validateTag,
  type TagChange,
} from './tags';
export { applyTagChange, saveTags, type TagTarget } from './api';
export { TagEditor, TagList, useTagDraft } from './TagChips';
export { BulkTagModal, NOTHING_TO_CHANGE } from './BulkTagModal';
