/**
 * The one bulk queue (issue #34): jobs of items run by executors registered by kind, a
 * per-server concurrency limit, pause / resume / cancel / retry, kept across reloads, and the
 * panel in the status bar. See docs/ARCHITECTURE.md, "The bulk queue".
 */
export {
  BulkQueue,
  canRetry,
  createBulkQueue,
  isActive,
  jobCounts,
  NOT_DONE_MESSAGE,
  type BulkExecutor,
  type BulkExecutors,
  type BulkItem,
  type BulkJob,
  type ExecutorContext,
  type ItemState,
  type NewItem,
  type NewJob,
  type OperationWait,
} from './queue';
export {
  clampConcurrency,
  concurrencyError,
  CONCURRENCY_KEY,
  DEFAULT_CONCURRENCY,
  readConcurrency,
  type QueueStorage,
} from './concurrency';
export { BulkQueueProvider, useBulkJobs, useBulkQueue } from './react';
export { BulkQueueHost, BulkQueueNotices } from './BulkQueueHost';
export { BulkQueueButton, BulkQueuePanel } from './BulkQueuePanel';
export { ConcurrencySetting } from './ConcurrencySetting';
export { jobFailures, jobSummary } from './summary';
export {
  bulkTitle,
  outcomeOf,
  queryClientOf,
  refreshAfter,
  useBulkAction,
  type BulkActionOptions,
} from './useBulkAction';
