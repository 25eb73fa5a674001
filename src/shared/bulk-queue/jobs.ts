/** The bulk queue's data: jobs, items, their states and counts (plain, serializable). */
import type { OperationWait } from '../../lxd/operations';
import type { Noun } from '../ui/list';

export type { OperationWait };

export type ItemState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'not-done';

/** What an executor gets beside its params. */
export interface ExecutorContext {
  signal: AbortSignal;
  /** Waits for an operation (the event stream's tracker on the page's server, else /wait). */
  wait: OperationWait;
  /**
   * Waits for the item's last operation: its place under the server's limit is given to the next
   * item as soon as LXD reports the end, not when the outcome is handled (250 ms later, spec §7).
   * After it the executor may read, but not start another operation.
   */
  waitLast: OperationWait;
  /** Services the app hands to executors (the query cache), when it has them. */
  services: Readonly<Record<string, unknown>>;
  /** Says where a long item is ("stopping", "migrating: 45% (12 MB/s)"); shown while it runs. */
  progress: (step: string) => void;
}

/** Runs one item: resolves when the change is done (its operation ended), rejects with why not. */
export type BulkExecutor = (params: never, context: ExecutorContext) => Promise<unknown>;

/** Executors by kind ('instance.state', 'instance.delete', …). */
export type BulkExecutors = Readonly<Record<string, BulkExecutor>>;

export interface BulkItem {
  id: string;
  kind: string;
  /** What the panel and a failure call it: the instance's name. */
  label: string;
  /** The server it goes to: '' for the page's own, else the remote's name. */
  server: string;
  /** Serializable: what the executor needs. */
  params: unknown;
  state: ItemState;
  /** The step a running item reported (`ExecutorContext.progress`); gone once it ends. */
  step?: string | undefined;
  /** LXD's error of a failed item, or why it was not done. */
  message?: string | undefined;
}

export interface BulkJob {
  id: string;
  /** "Stop 30 instances". */
  title: string;
  noun: Noun;
  /** The summary's past participle: "stopped". */
  verb: string;
  /** Selected items the action did not apply to. */
  skipped: number;
  paused: boolean;
  items: readonly BulkItem[];
  createdAt: number;
}

export interface NewItem {
  kind: string;
  label: string;
  server?: string | undefined;
  params: unknown;
}

export interface NewJob {
  title: string;
  noun: Noun;
  verb: string;
  skipped?: number;
  items: readonly NewItem[];
}

export interface JobCounts {
  total: number;
  queued: number;
  running: number;
  done: number;
  failed: number;
  cancelled: number;
  notDone: number;
  /** Items no longer queued or running. */
  finished: number;
}

export const NOT_DONE_MESSAGE = 'Not done: the page was reloaded';
export const CANCELLED_MESSAGE = 'Cancelled before it started';

export function jobCounts(job: Pick<BulkJob, 'items'>): JobCounts {
  const counts: JobCounts = {
    total: job.items.length,
    queued: 0,
    running: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
    notDone: 0,
    finished: 0,
  };
  for (const item of job.items) {
    if (item.state === 'not-done') counts.notDone += 1;
    else counts[item.state] += 1;
  }
  counts.finished = counts.total - counts.queued - counts.running;
  return counts;
}

/** A job is active while one of its items is queued or running. */
export const isActive = (job: Pick<BulkJob, 'items'>) =>
  job.items.some((item) => item.state === 'queued' || item.state === 'running');

/** Whether a job has items "Retry failed" would run again. */
export const canRetry = (job: Pick<BulkJob, 'items'>) =>
  job.items.some((item) => item.state === 'failed' || item.state === 'not-done');
