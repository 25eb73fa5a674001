/**
 * The one bulk queue (issue #34), without React. A bulk action is a job ("Stop 30 instances") of
 * items (one instance each), plain data run by executors registered by kind, so that a job
 * survives a reload and its failures can be retried. An item counts as running from its request
 * until its LXD operation has ended (its last one, reported by the server: the 250 ms before the
 * outcome is handled do not count): at most `limit` items of one server run at once, each server
 * on its own. Jobs can be paused (no new item starts), resumed and cancelled (queued items are
 * cancelled, running ones finish); failed and not-done items can be retried.
 */
import { clampConcurrency, DEFAULT_CONCURRENCY, type QueueStorage } from './concurrency';
import { readStored, writeStored } from './stored';
import {
  canRetry,
  CANCELLED_MESSAGE,
  isActive,
  type BulkExecutors,
  type BulkItem,
  type BulkJob,
  type NewJob,
  type OperationWait,
} from './jobs';

export * from './jobs';

/** The default time between two saves of the queue. */
export const SAVE_EVERY_MS = 2000;

export interface BulkQueueOptions {
  executors: BulkExecutors;
  /** Items of one server running at once. */
  limit?: number;
  wait?: OperationWait;
  storage?: QueueStorage | undefined;
  storageKey?: string;
  /**
   * Milliseconds between two saves (2 s: a save writes every item, and a reload or a closed tab
   * saves at once on pagehide, see BulkQueueHost; a crash loses at most this much).
   */
  saveEveryMs?: number;
  /** Jobs kept (the oldest finished ones go first). */
  maxJobs?: number;
  now?: () => number;
}

const unsupportedWait: OperationWait = () =>
  Promise.reject(new Error('No way to wait for operations was configured'));

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

type Listener = () => void;
type JobEndListener = (job: BulkJob) => void;

export class BulkQueue {
  private jobs: BulkJob[];
  private snapshot: readonly BulkJob[];
  private limit: number;
  private wait: OperationWait;
  private services: Readonly<Record<string, unknown>> = {};
  private readonly executors: BulkExecutors;
  private readonly listeners = new Set<Listener>();
  private readonly endListeners = new Set<JobEndListener>();
  private readonly controllers = new Map<string, AbortController>();
  /** Items of each server holding a place under its limit. */
  private readonly running = new Map<string, number>();
  /** Items holding a place: until their last operation ended, or they settled. */
  private readonly holding = new Set<string>();
  private readonly waiters = new Map<string, (job: BulkJob) => void>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private emitScheduled = false;
  private sequence = 0;
  private readonly options: BulkQueueOptions;

  constructor(options: BulkQueueOptions) {
    this.options = options;
    this.executors = { ...options.executors };
    this.limit = clampConcurrency(options.limit ?? DEFAULT_CONCURRENCY);
    this.wait = options.wait ?? unsupportedWait;
    this.jobs = readStored(options.storage, this.storageKey);
    this.snapshot = this.jobs;
  }

  private get storageKey() {
    return this.options.storageKey ?? 'lxd-console.bulk-queue';
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  /** Adds executors (a feature's kinds); an existing kind is replaced. */
  register(executors: BulkExecutors): void {
    Object.assign(this.executors, executors);
  }

  /** How operations are waited for, and the services executors get. */
  configure(options: { wait?: OperationWait; services?: Readonly<Record<string, unknown>> }): void {
    if (options.wait) this.wait = options.wait;
    if (options.services) this.services = options.services;
  }

  getConcurrency(): number {
    return this.limit;
  }

  /** Changes the per-server limit; a larger one starts waiting items at once. */
  setConcurrency(limit: number): void {
    this.limit = clampConcurrency(limit);
    this.pump();
  }

  getJobs(): readonly BulkJob[] {
    return this.snapshot;
  }

  getJob(id: string): BulkJob | undefined {
    return this.jobs.find((job) => job.id === id);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Called when a job has no item queued or running left (after each run, retries too). */
  onJobEnd(listener: JobEndListener): () => void {
    this.endListeners.add(listener);
    return () => {
      this.endListeners.delete(listener);
    };
  }

  /** Adds a job; its items start as the per-server limits allow. */
  enqueue(spec: NewJob): { id: string; finished: Promise<BulkJob> } {
    const id = this.nextId('job');
    const job: BulkJob = {
      id,
      title: spec.title,
      noun: spec.noun,
      verb: spec.verb,
      skipped: spec.skipped ?? 0,
      paused: false,
      createdAt: this.now(),
      items: spec.items.map((item) => ({
        id: this.nextId('item'),
        kind: item.kind,
        label: item.label,
        server: item.server ?? '',
        params: item.params,
        state: 'queued',
      })),
    };
    this.jobs = [...this.jobs, job];
    this.trim();
    const finished = this.finishedPromise(id);
    this.changed();
    if (job.items.length === 0) this.endJob(job);
    else this.pump();
    return { id, finished };
  }

  /** Resolves with the job when it next has nothing queued or running. */
  finishedPromise(id: string): Promise<BulkJob> {
    return new Promise((resolve) => {
      const previous = this.waiters.get(id);
      this.waiters.set(id, (job) => {
        previous?.(job);
        resolve(job);
      });
    });
  }

  pause(id: string): void {
    this.updateJob(id, (job) => (isActive(job) ? { ...job, paused: true } : job));
  }

  resume(id: string): void {
    this.updateJob(id, (job) => ({ ...job, paused: false }));
    this.pump();
  }

  /** Queued items become cancelled; running ones finish. */
  cancel(id: string): void {
    this.updateJob(id, (job) => ({
      ...job,
      paused: false,
      items: job.items.map((item) =>
        item.state === 'queued'
          ? { ...item, state: 'cancelled' as const, message: CANCELLED_MESSAGE }
          : item,
      ),
    }));
    const job = this.getJob(id);
    if (job && !isActive(job)) this.endJob(job);
  }

  /** Runs a job's failed and not-done items again. */
  retry(id: string): void {
    const job = this.getJob(id);
    if (!job || !canRetry(job)) return;
    this.updateJob(id, (current) => ({
      ...current,
      paused: false,
      items: current.items.map((item) =>
        item.state === 'failed' || item.state === 'not-done'
          ? { ...item, state: 'queued' as const, message: undefined }
          : item,
      ),
    }));
    this.pump();
  }

  /** Removes the jobs with nothing queued or running. */
  clearFinished(): void {
    this.jobs = this.jobs.filter(isActive);
    this.changed();
  }

  /** Stops every running executor (their signal aborts) and saves; for tests and unload. */
  dispose(): void {
    for (const controller of this.controllers.values()) controller.abort();
    this.flush();
  }

  /** Saves now (the page is going away). */
  flush(): void {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.save();
  }

  private nextId(prefix: string) {
    this.sequence += 1;
    return `${prefix}-${this.now().toString(36)}-${this.sequence.toString(36)}`;
  }

  private trim() {
    const max = this.options.maxJobs ?? 50;
    while (this.jobs.length > max) {
      const oldest = this.jobs.findIndex((job) => !isActive(job));
      if (oldest < 0) break;
      this.jobs = this.jobs.filter((_, index) => index !== oldest);
    }
  }

  private updateJob(id: string, update: (job: BulkJob) => BulkJob) {
    const index = this.jobs.findIndex((job) => job.id === id);
    const job = this.jobs[index];
    if (!job) return;
    const jobs = [...this.jobs];
    jobs[index] = update(job);
    this.jobs = jobs;
    this.changed();
  }

  private setItem(jobId: string, itemId: string, change: Partial<BulkItem>) {
    this.updateJob(jobId, (job) => ({
      ...job,
      items: job.items.map((item) => (item.id === itemId ? { ...item, ...change } : item)),
    }));
  }

  /** Starts what the limits allow: jobs in order, each server up to its limit. */
  private pump() {
    for (const job of this.jobs) {
      if (job.paused) continue;
      for (const item of job.items) {
        if (item.state !== 'queued') continue;
        const busy = this.running.get(item.server) ?? 0;
        if (busy >= this.limit) continue;
        this.start(job, item);
      }
    }
  }

  private start(job: BulkJob, item: BulkItem) {
    this.running.set(item.server, (this.running.get(item.server) ?? 0) + 1);
    this.setItem(job.id, item.id, { state: 'running', message: undefined });
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    this.holding.add(item.id);
    const executor = this.executors[item.kind];
    const run = executor
      ? Promise.resolve().then(() =>
          executor(item.params as never, {
            signal: controller.signal,
            wait: this.wait,
            waitLast: (id, project, remote, options) =>
              this.wait(id, project, remote, {
                onEnded: () => {
                  options?.onEnded?.();
                  this.release(item);
                  this.pump();
                },
              }),
            services: this.services,
            progress: (step) => {
              if (this.controllers.get(item.id) === controller)
                this.setItem(job.id, item.id, { step });
            },
          }),
        )
      : Promise.reject(new Error(`Nothing runs "${item.kind}" here`));
    void run.then(
      () => {
        this.settle(job.id, item, { state: 'done', step: undefined, message: undefined });
      },
      (error: unknown) => {
        this.settle(job.id, item, {
          state: 'failed',
          step: undefined,
          message: errorMessage(error),
        });
      },
    );
  }

  /** Gives an item's place under its server's limit back, once. */
  private release(item: BulkItem) {
    if (!this.holding.delete(item.id)) return;
    this.running.set(item.server, Math.max(0, (this.running.get(item.server) ?? 1) - 1));
  }

  private settle(jobId: string, item: BulkItem, change: Partial<BulkItem>) {
    this.controllers.delete(item.id);
    this.release(item);
    this.setItem(jobId, item.id, change);
    const job = this.getJob(jobId);
    if (job && !isActive(job)) this.endJob(job);
    this.pump();
  }

  private endJob(job: BulkJob) {
    const waiter = this.waiters.get(job.id);
    this.waiters.delete(job.id);
    waiter?.(job);
    for (const listener of this.endListeners) listener(job);
  }

  private changed() {
    this.snapshot = this.jobs;
    this.scheduleSave();
    if (this.emitScheduled) return;
    this.emitScheduled = true;
    queueMicrotask(() => {
      this.emitScheduled = false;
      for (const listener of this.listeners) listener();
    });
  }

  private scheduleSave() {
    if (!this.options.storage || this.saveTimer !== undefined) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, this.options.saveEveryMs ?? SAVE_EVERY_MS);
  }

  private save() {
    writeStored(this.options.storage, this.storageKey, this.jobs);
  }
}

export function createBulkQueue(options: BulkQueueOptions): BulkQueue {
  return new BulkQueue(options);
}
