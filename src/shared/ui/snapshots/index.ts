/**
 * The snapshots table of instances and storage volumes, with its dialogs (create, expiry): see
 * SnapshotsTable.tsx.
 */
export { SnapshotsTable, type SnapshotCalls } from './SnapshotsTable';
export type { SnapshotReasons } from './SnapshotActions';
export type { SnapshotRow } from './columns';
export type { SnapshotRequest } from './CreateSnapshotModal';
export { NEVER_EXPIRES, expiresAtOf, toLocalInput } from './ExpiryDialog';
