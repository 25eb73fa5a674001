/**
 * The snapshots table of instances and storage volumes, with its dialogs (create, expiry) and
 * columns.
 */
export { SnapshotsTable, type SnapshotCalls } from './SnapshotsTable';
export { type SnapshotReasons } from './SnapshotActions';
export { CreateSnapshotModal, type SnapshotRequest } from './CreateSnapshotModal';
export { ExpiryDialog, NEVER_EXPIRES, expiresAtOf, toLocalInput } from './ExpiryDialog';
export {
  SNAPSHOT_DEFAULT_SORT,
  SNAPSHOT_NOUN,
  SNAPSHOT_SEARCH,
  snapshotColumns,
  snapshotDescription,
  snapshotKey,
  type SnapshotRow,
} from './columns';
