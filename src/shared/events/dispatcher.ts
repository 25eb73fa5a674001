/**
 * What an event does to cached data (spec §7), without React:
 * - lifecycle events invalidate the query keys registered for their action's prefix;
 * - operation events go into the cached operation lists at once (`applyOperation`), and the lists
 *   are refetched, debounced 2 s, for their project.
 *
 * Invalidations are batched (100 ms) and a key whose query is already fetching is invalidated
 * again once that fetch ends, instead of cancelling it: a burst of events (a thousand a minute)
 * then costs at most one fetch in flight per key plus one after it, never a starved list.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { LxdOperation } from '../../lxd/types/operation';
import {
  OPERATIONS_REFETCH_DEBOUNCE_MS,
  type EventTimers,
  type LxdEvent,
  type LxdLifecycleMetadata,
} from '../../lxd/events';

export const LIFECYCLE_BATCH_MS = 100;
export const BUSY_KEY_RETRY_MS = 250;
/**
 * A steady stream of operation events (another client starting a thousand instances) still
 * refetches at least this often, so a new running operation shows within seconds.
 */
export const OPERATIONS_REFETCH_MAX_WAIT_MS = 4_000;

export type LifecycleEvent = LxdEvent<LxdLifecycleMetadata>;

/**
 * What a family of lifecycle actions does: the cached data it makes stale, and what is done with
 * such an event at once. A listener that only wants the events gives `apply` and no key.
 */
export interface EventInvalidation {
  /** The actions it concerns, by prefix ('' for every action). */
  prefixes: readonly string[];
  /** A key root, or one computed from the event (e.g. scoped to `event.project`). */
  queryKey?: QueryKey | ((event: LifecycleEvent) => QueryKey);
  /** Several keys computed from the event, used instead of `queryKey` when given. */
  queryKeys?: (event: LifecycleEvent) => readonly QueryKey[];
  /** Applies the event to cached data at once (before the batched invalidation). */
  apply?: (event: LifecycleEvent) => void;
}

/** The query keys to invalidate for a lifecycle event (an action matches by prefix). */
export function lifecycleQueryKeys(
  event: LifecycleEvent,
  invalidations: readonly EventInvalidation[],
): QueryKey[] {
  const action = event.metadata.action;
  const keys: QueryKey[] = [];
  for (const invalidation of invalidations) {
    if (!invalidation.prefixes.some((prefix) => action.startsWith(prefix))) continue;
    if (invalidation.queryKeys) {
      keys.push(...invalidation.queryKeys(event));
      continue;
    }
    const { queryKey } = invalidation;
    if (queryKey === undefined) continue;
    keys.push(typeof queryKey === 'function' ? queryKey(event) : queryKey);
  }
  return keys;
}

export function isLifecycleEvent(event: LxdEvent): event is LifecycleEvent {
  if (event.type !== 'lifecycle') return false;
  const metadata = event.metadata as Partial<LxdLifecycleMetadata> | null;
  return typeof metadata?.action === 'string';
}

/** The part of TanStack's QueryClient the dispatcher uses. */
export interface InvalidatingClient {
  invalidateQueries(
    filters: { queryKey: QueryKey },
    options?: { cancelRefetch?: boolean },
  ): Promise<void>;
  isFetching(filters: { queryKey: QueryKey }): number;
}

export interface EventDispatcherOptions {
  client: InvalidatingClient;
  invalidations: readonly EventInvalidation[];
  /** The operation keys to refetch for an operation event of `project`. */
  operationQueryKeys: (project: string) => readonly QueryKey[];
  /**
   * Puts the operation an event carries into the cached lists right away: under a steady stream
   * the refetch may come seconds later, and LXD forgets a failed operation 5 s after it ends.
   */
  applyOperation?: ((project: string, operation: LxdOperation) => void) | undefined;
  timers: EventTimers;
  now?: () => number;
}

export class EventDispatcher {
  private readonly pending = new Map<string, QueryKey>();
  private lifecycleTimer: unknown = null;
  private readonly operationProjects = new Set<string>();
  private operationTimer: unknown = null;
  private operationBurstStart: number | null = null;
  private readonly now: () => number;

  constructor(private options: EventDispatcherOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Replaces some options (the React provider passes its latest props). */
  configure(
    options: Partial<
      Pick<EventDispatcherOptions, 'invalidations' | 'operationQueryKeys' | 'applyOperation'>
    >,
  ) {
    this.options = { ...this.options, ...options };
  }

  handle(event: LxdEvent): void {
    if (event.type === 'operation') {
      const project = event.project || 'default';
      const operation = event.metadata as LxdOperation | null;
      if (operation && typeof operation.id === 'string') {
        this.options.applyOperation?.(project, operation);
      }
      this.operationEvent(project);
    } else if (isLifecycleEvent(event)) {
      const action = event.metadata.action;
      for (const invalidation of this.options.invalidations) {
        if (invalidation.prefixes.some((prefix) => action.startsWith(prefix))) {
          invalidation.apply?.(event);
        }
      }
      for (const key of lifecycleQueryKeys(event, this.options.invalidations)) {
        this.pending.set(JSON.stringify(key), key);
      }
      if (this.pending.size > 0 && this.lifecycleTimer === null) {
        this.lifecycleTimer = this.options.timers.setTimeout(() => {
          this.flushLifecycle();
        }, LIFECYCLE_BATCH_MS);
      }
    }
  }

  /** Drops every pending refetch (the stream stopped). */
  dispose(): void {
    const { timers } = this.options;
    if (this.lifecycleTimer !== null) timers.clearTimeout(this.lifecycleTimer);
    if (this.operationTimer !== null) timers.clearTimeout(this.operationTimer);
    this.lifecycleTimer = null;
    this.operationTimer = null;
    this.operationBurstStart = null;
    this.pending.clear();
    this.operationProjects.clear();
  }

  private flushLifecycle(): void {
    this.lifecycleTimer = null;
    const { client, timers } = this.options;
    for (const [hash, queryKey] of this.pending) {
      if (client.isFetching({ queryKey }) > 0) continue;
      this.pending.delete(hash);
      void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
    }
    if (this.pending.size > 0) {
      this.lifecycleTimer = timers.setTimeout(() => {
        this.flushLifecycle();
      }, BUSY_KEY_RETRY_MS);
    }
  }

  private operationEvent(project: string): void {
    const { timers } = this.options;
    this.operationProjects.add(project);
    const now = this.now();
    this.operationBurstStart ??= now;
    if (this.operationTimer !== null) timers.clearTimeout(this.operationTimer);
    const untilMax = this.operationBurstStart + OPERATIONS_REFETCH_MAX_WAIT_MS - now;
    this.operationTimer = timers.setTimeout(
      () => {
        this.flushOperations();
      },
      Math.max(0, Math.min(OPERATIONS_REFETCH_DEBOUNCE_MS, untilMax)),
    );
  }

  private flushOperations(): void {
    this.operationTimer = null;
    this.operationBurstStart = null;
    const seen = new Set<string>();
    for (const project of this.operationProjects) {
      for (const queryKey of this.options.operationQueryKeys(project)) {
        const hash = JSON.stringify(queryKey);
        if (seen.has(hash)) continue;
        seen.add(hash);
        void this.options.client.invalidateQueries({ queryKey });
      }
    }
    this.operationProjects.clear();
  }
}
