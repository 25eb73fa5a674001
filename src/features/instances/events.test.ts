import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  EventDispatcher,
  lifecycleQueryKeys,
  type LifecycleEvent,
} from '../../shared/events/dispatcher';
import { detailKeys } from './detail/queries';
import { eventInstance, instanceInvalidation, onInstanceEvent } from './events';
import { instanceKeys } from './keys';

const lifecycle = (action: string): LifecycleEvent => ({
  type: 'lifecycle',
  timestamp: '2026-01-01T00:00:00Z',
  metadata: { action, source: '/1.0/instances/c1' },
  project: 'default',
});

describe('instance events', () => {
  it('reach the open lists at once, before the batched invalidation; other events do not', () => {
    const invalidated: unknown[] = [];
    const dispatcher = new EventDispatcher({
      client: {
        invalidateQueries: (filters) => {
          invalidated.push(filters.queryKey);
          return Promise.resolve();
        },
        isFetching: () => 0,
      },
      invalidations: [instanceInvalidation],
      operationQueryKeys: () => [],
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    });
    const seen: string[] = [];
    const stop = onInstanceEvent((event) => seen.push(event.metadata.action));
    dispatcher.handle(lifecycle('instance-started'));
    dispatcher.handle(lifecycle('network-updated'));
    stop();
    dispatcher.handle(lifecycle('instance-stopped'));
    expect(seen).toEqual(['instance-started']);
    expect(invalidated).toEqual([]);
  });
});

describe('what an instance event makes stale', () => {
  const event = (action: string, source: string, extra: Partial<LifecycleEvent> = {}) =>
    ({
      type: 'lifecycle',
      timestamp: '2026-01-01T00:00:00Z',
      metadata: { action, source },
      project: 'default',
      ...extra,
    }) as LifecycleEvent;

  it('names the instance of a source, a snapshot or file source too, in its project', () => {
    expect(eventInstance(event('instance-updated', '/1.0/instances/c%201?project=p1'))).toEqual({
      project: 'p1',
      name: 'c 1',
      whole: true,
    });
    expect(
      eventInstance(
        event('instance-snapshot-created', '/1.0/instances/c1/snapshots/s1', { project: 'p2' }),
      ),
    ).toEqual({ project: 'p2', name: 'c1', whole: false });
    expect(eventInstance(event('instance-updated', '/1.0/instances/c1', { project: '' }))).toEqual({
      project: 'default',
      name: 'c1',
      whole: true,
    });
    expect(eventInstance(event('instance-updated', '/1.0/instances/'))).toBeUndefined();
    expect(eventInstance(event('instance-updated', '/1.0/instances/%E0%A4%A'))).toBeUndefined();
  });

  it("refetches only that instance's data (both names on a rename) and the entitled lists", async () => {
    const client = new QueryClient();
    const seed = (key: readonly unknown[]) => {
      client.setQueryData(key, 1);
    };
    const keys = {
      // The keys the queries use (events.ts writes them without importing the screens' code).
      c1State: instanceKeys.state('p1', 'c1'),
      c1Snapshots: instanceKeys.snapshotCount('p1', 'c1'),
      c1Detail: detailKeys.snapshots('p1', 'c1'),
      oldState: instanceKeys.state('p1', 'old'),
      c2State: instanceKeys.state('p1', 'c2'),
      c1OtherProject: instanceKeys.state('p2', 'c1'),
      entitled: instanceKeys.entitled('p1', 'can_view'),
      remoteImages: ['instances', 'remote-images', 'https://images.example'],
    };
    for (const key of Object.values(keys)) seed(key);
    const timers: (() => void)[] = [];
    const dispatcher = new EventDispatcher({
      client,
      invalidations: [instanceInvalidation],
      operationQueryKeys: () => [],
      timers: {
        setTimeout: (fn: () => void) => timers.push(fn),
        clearTimeout: () => undefined,
      },
    });
    dispatcher.handle(
      event('instance-renamed', '/1.0/instances/c1?project=p1', {
        metadata: {
          action: 'instance-renamed',
          source: '/1.0/instances/c1?project=p1',
          context: { old_name: 'old' },
        },
      }),
    );
    for (const fn of timers.splice(0)) fn();
    await Promise.resolve();
    const stale = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([label]) => label);
    expect(stale).toEqual(['c1State', 'c1Snapshots', 'c1Detail', 'oldState', 'entitled']);
  });

  it('makes everything of the feature stale when the source names no instance', () => {
    expect(
      lifecycleQueryKeys(event('instance-updated', '/1.0/other'), [instanceInvalidation]),
    ).toEqual([['instances']]);
  });
});
