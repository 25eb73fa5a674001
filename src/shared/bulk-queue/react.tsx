/**
 * The bulk queue in React: the app provides its one queue; pages enqueue jobs through
 * `useBulkQueue()` and the panel reads the jobs with `useBulkJobs()`.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { BulkJob, BulkQueue } from './queue';

const BulkQueueContext = createContext<BulkQueue | null>(null);

export function BulkQueueProvider({ queue, children }: { queue: BulkQueue; children: ReactNode }) {
  return <BulkQueueContext.Provider value={queue}>{children}</BulkQueueContext.Provider>;
}

export function useBulkQueue(): BulkQueue {
  const queue = useContext(BulkQueueContext);
  if (!queue) throw new Error('useBulkQueue needs a <BulkQueueProvider> above it');
  return queue;
}

/** The queue's jobs, oldest first; re-renders as they change. */
export function useBulkJobs(): readonly BulkJob[] {
  const queue = useBulkQueue();
  return useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => queue.getJobs(),
    () => queue.getJobs(),
  );
}
