/**
 * Operation tracking (spec §4, §7), without React. Calls that return an operation register it
 * here; the event stream reports its end:
 * - handling of an event for a tracked operation is delayed 250 ms (onEnded is told at once: the
 *   operation no longer runs on the server, its outcome is handled later);
 * - Success → onSuccess and onFinish run, tracking stops;
 * - Failure (or Cancelled) → onFailure receives the error text, onFinish runs, tracking stops.
 *
 * Nothing hangs when events are missed: an operation that ended before it was tracked is found
 * among the recently ended ones; when the stream is down at tracking time, after a reconnect
 * and after a failed round of connect attempts, the operation is asked for with LXD's
 * `/wait` long poll instead.
 */
import { isNotFound } from '../../lxd/client';
import { EVENT_HANDLER_DELAY_MS, type EventTimers, type LxdEvent } from '../../lxd/events';
import type { LxdOperation } from '../../lxd/types/operation';

export interface TrackCallbacks {
  /** The server reports the end (before the 250 ms delay of its handling); called once. */
  onEnded?: (() => void) | undefined;
  onSuccess?: ((operation: LxdOperation) => void) | undefined;
  onFailure?: ((error: string) => void) | undefined;
  onFinish?: (() => void) | undefined;
}

export interface TrackOptions {
  project?: string | undefined;
}

interface Tracked {
  callbacks: TrackCallbacks;
  project: string | undefined;
  ended: boolean;
}

export interface OperationTrackerOptions {
  isConnected: () => boolean;
  /** Waits for the end of an operation; throws with its error text when it failed. */
  wait: (id: string, project: string | undefined) => Promise<LxdOperation>;
  timers: EventTimers;
  logger?: Pick<Console, 'error'>;
}

/** How many ended, untracked operations are remembered for a late `track` call. */
export const RECENT_OPERATIONS_LIMIT = 100;

const isFinal = (operation: LxdOperation) =>
  operation.status === 'Success' ||
  operation.status === 'Failure' ||
  operation.status === 'Cancelled';

function isOperation(value: unknown): value is LxdOperation {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as LxdOperation).id === 'string' &&
    typeof (value as LxdOperation).status === 'string'
  );
}

export class OperationTracker {
  private readonly tracked = new Map<string, Tracked>();
  private readonly recent = new Map<string, LxdOperation>();
  private readonly waiting = new Set<string>();
  private readonly logger: Pick<Console, 'error'>;

  constructor(private options: OperationTrackerOptions) {
    this.logger = options.logger ?? console;
  }

  /** Replaces some options (the React provider passes its latest props). */
  configure(options: Partial<OperationTrackerOptions>): void {
    this.options = { ...this.options, ...options };
  }

  get size(): number {
    return this.tracked.size;
  }

  /** Tracks an operation by id; returns a function that stops tracking it. */
  track(id: string, callbacks: TrackCallbacks, options: TrackOptions = {}): () => void {
    this.tracked.set(id, { callbacks, project: options.project, ended: false });
    const ended = this.recent.get(id);
    if (ended) {
      this.recent.delete(id);
      this.ended(id);
      this.later(ended);
    } else if (!this.options.isConnected()) {
      this.fallback(id);
    }
    return () => {
      this.tracked.delete(id);
    };
  }

  /** An operation event from the stream. */
  handleEvent(event: LxdEvent): void {
    if (event.type !== 'operation' || !isOperation(event.metadata)) return;
    const operation = event.metadata;
    if (!isFinal(operation)) return;
    if (this.tracked.has(operation.id)) {
      this.ended(operation.id);
      this.later(operation);
      return;
    }
    this.recent.delete(operation.id);
    this.recent.set(operation.id, operation);
    if (this.recent.size > RECENT_OPERATIONS_LIMIT) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }

  /** Asks the server for every tracked operation (events may have been missed). */
  checkAll(): void {
    for (const id of this.tracked.keys()) this.fallback(id);
  }

  /** Stops tracking everything without calling back. */
  dispose(): void {
    this.tracked.clear();
    this.recent.clear();
  }

  private ended(id: string): void {
    const entry = this.tracked.get(id);
    if (!entry || entry.ended) return;
    entry.ended = true;
    this.call(() => entry.callbacks.onEnded?.());
  }

  private later(operation: LxdOperation): void {
    this.options.timers.setTimeout(() => {
      this.settle(operation.id, operation);
    }, EVENT_HANDLER_DELAY_MS);
  }

  private fallback(id: string): void {
    if (this.waiting.has(id)) return;
    const entry = this.tracked.get(id);
    if (!entry) return;
    this.waiting.add(id);
    this.options
      .wait(id, entry.project)
      .then((operation) => {
        this.settle(id, operation);
      })
      .catch((error: unknown) => {
        if (isNotFound(error)) {
          // Ended long enough ago that LXD forgot it: the outcome is unknown, but it is over.
          this.finish(id, undefined);
          return;
        }
        this.finish(id, error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        this.waiting.delete(id);
      });
  }

  private settle(id: string, operation: LxdOperation): void {
    const entry = this.tracked.get(id);
    if (!entry) return;
    this.ended(id);
    if (operation.status === 'Success') {
      this.tracked.delete(id);
      this.call(() => entry.callbacks.onSuccess?.(operation));
      this.call(() => entry.callbacks.onFinish?.());
    } else if (operation.status === 'Failure' || operation.status === 'Cancelled') {
      this.finish(id, operation.err || `Operation ${operation.status.toLowerCase()}`);
    }
  }

  /** Ends tracking with a failure text, or with no outcome when `error` is undefined. */
  private finish(id: string, error: string | undefined): void {
    const entry = this.tracked.get(id);
    if (!entry) return;
    this.ended(id);
    this.tracked.delete(id);
    if (error !== undefined) this.call(() => entry.callbacks.onFailure?.(error));
    this.call(() => entry.callbacks.onFinish?.());
  }

  private call(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.logger.error('An operation callback failed', error);
    }
  }
}
