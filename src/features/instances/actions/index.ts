/**
 * What the instance list, the instance page and the create page use of the actions: state
 * changes and deletion (with their confirmation), migrate and copy, the activity shown on a row
 * while one runs, and the status badge. The other sub-folders import them only from here.
 */
export { activityKey, startActivity, useInstanceActivity } from './activity';
export {
  BULK_ACTION_LABELS,
  BULK_ACTIONS,
  IN_PROGRESS_WORDS,
  planBulkAction,
  stateActionFor,
  statusText,
  type BulkAction,
  type InstanceRef,
} from './bulk';
export { changeInstanceState, removeInstance } from './changeState';
export { CopyPlacementFields } from './CopyPlacementFields';
export { InstanceActionModal, type ActionRequest } from './InstanceActionModal';
export { InstanceStatus } from './InstanceStatus';
export {
  LazyBulkCopyModal,
  LazyInstanceActionModal,
  LazyMoveModal,
  preloadListDialogs,
} from './lazyModals';
export { MoveModal } from './MoveModal';
export { isRunning, sendToRemote } from './move';
export { useInstanceActions } from './useInstanceActions';
export { BulkSnapshotModal } from './BulkSnapshotModal';
export {
  instanceBulkExecutors,
  INSTANCE_KINDS,
  type SnapshotDeleteParams,
  type TagParams,
} from './executors';
export { useInstanceQueue } from './useInstanceQueue';
