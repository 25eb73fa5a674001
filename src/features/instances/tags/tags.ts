/**
 * Instance tags: one user key of the instance, `user.tags`, a comma-separated list ("web,db").
 * Pure functions, no React: parsing, formatting, validating a tag and applying a change.
 */

/** The one configuration key the console keeps an instance's tags in. */
export const TAGS_KEY = 'user.tags';
/** The longest tag accepted. */
export const MAX_TAG_LENGTH = 40;

/** A letter or digit first, then letters, digits, `.`, `_`, `:`, `/` or `-`. */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._:/-]*$/u;

export const TAG_MESSAGES = {
  empty: 'Enter a tag.',
  comma: 'A tag cannot contain a comma: add one tag at a time.',
  space: 'A tag cannot contain spaces.',
  long: `A tag is at most ${String(MAX_TAG_LENGTH)} characters.`,
  chars:
    'A tag starts with a letter or a digit and has only letters, digits, ".", "_", ":", "/" or "-".',
  duplicate: 'This tag is already in the list.',
} as const;

/** The tags of a `user.tags` value: trimmed, without empty entries or repeats, in order. */
export function parseTags(value: string | undefined | null): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const tag = part.trim();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

/** The `user.tags` value of a list of tags. */
export function formatTags(tags: readonly string[]): string {
  return tags.join(',');
}

/** The tags of an instance (its configuration's `user.tags`). */
export function tagsOf(item: { config: Readonly<Record<string, string>> | null | undefined }) {
  return parseTags(item.config?.[TAGS_KEY]);
}

/** What is wrong with a tag as typed (it is trimmed first), or undefined when it is fine. */
export function validateTag(raw: string, existing: readonly string[] = []): string | undefined {
  const tag = raw.trim();
  if (tag === '') return TAG_MESSAGES.empty;
  if (tag.includes(',')) return TAG_MESSAGES.comma;
  if (/\s/.test(tag)) return TAG_MESSAGES.space;
  if (tag.length > MAX_TAG_LENGTH) return TAG_MESSAGES.long;
  if (!TAG_PATTERN.test(tag)) return TAG_MESSAGES.chars;
  if (existing.includes(tag)) return TAG_MESSAGES.duplicate;
  return undefined;
}

export interface TagChange {
  add: readonly string[];
  remove: readonly string[];
}

/** The tags after a change: the removed ones go, the added ones come at the end (once). */
export function applyChange(tags: readonly string[], change: TagChange): string[] {
  const removed = new Set(change.remove);
  const next = tags.filter((tag) => !removed.has(tag));
  for (const tag of change.add) if (!next.includes(tag) && !removed.has(tag)) next.push(tag);
  return next;
}

export const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, index) => tag === b[index]);
