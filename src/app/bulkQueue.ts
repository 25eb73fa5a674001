/**
 * The console's one bulk queue: every feature's executors, the per-server limit of this browser
 * (Settings), kept in localStorage per remote (a reload shows what was left undone).
 */
import { currentRemote } from '../lxd/remote';
import { createBulkQueue, readConcurrency, type BulkQueue } from '../shared/bulk-queue';
import { bulkExecutors } from './features';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

let queue: BulkQueue | undefined;

/** Made on first use (the page's remote is known by then). */
export function appBulkQueue(): BulkQueue {
  if (!queue) {
    const storage = browserStorage();
    const remote = currentRemote();
    queue = createBulkQueue({
      executors: bulkExecutors,
      limit: readConcurrency(storage),
      storage,
      storageKey: remote === null ? 'lxd-console.bulk-queue' : `lxd-console.bulk-queue.${remote}`,
    });
  }
  return queue;
}
