import { describe, expect, it } from 'vitest';
import { EventDispatcher, type LifecycleEvent } from '../../shared/events/dispatcher';
import { instanceInvalidation, onInstanceEvent } from './events';

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
