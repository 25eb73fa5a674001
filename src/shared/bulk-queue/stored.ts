/**
 * The bulk queue as kept in localStorage (`lxd-console.bulk-queue`): read back after a reload,
 * what was queued or running is "not done" (nothing runs by itself).
 */
import type { QueueStorage } from './concurrency';
import { NOT_DONE_MESSAGE, type BulkJob } from './jobs';

const STORAGE_VERSION = 1;

interface StoredQueue {
  version: number;
  jobs: BulkJob[];
}

export function readStored(storage: QueueStorage | undefined, key: string): BulkJob[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(key);
    if (!raw) return [];
    const stored = JSON.parse(raw) as StoredQueue;
    if (stored.version !== STORAGE_VERSION || !Array.isArray(stored.jobs)) return [];
    // What was queued or running when the page went away was left undone.
    return stored.jobs.map((job) => ({
      ...job,
      paused: false,
      items: job.items.map((item) =>
        item.state === 'queued' || item.state === 'running'
          ? { ...item, state: 'not-done' as const, step: undefined, message: NOT_DONE_MESSAGE }
          : item,
      ),
    }));
  } catch {
    return [];
  }
}

export function writeStored(
  storage: QueueStorage | undefined,
  key: string,
  jobs: readonly BulkJob[],
): void {
  if (!storage) return;
  const stored = { version: STORAGE_VERSION, jobs };
  try {
    storage.setItem(key, JSON.stringify(stored));
  } catch {
    // A full storage keeps the queue in memory only.
  }
}
