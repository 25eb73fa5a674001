import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdEvent } from '../../lxd/events';
import {
  EventDispatcher,
  LIFECYCLE_BATCH_MS,
  lifecycleQueryKeys,
  type EventInvalidation,
  type InvalidatingClient,
  type LifecycleEvent,
} from './dispatcher';

const lifecycle = (action: string, project = 'default'): LifecycleEvent => ({
  type: 'lifecycle',
  timestamp: '2026-01-01T00:00:00Z',
  metadata: { action, source: '/1.0/x' },
  project,
});

const operation = (project: string): LxdEvent => ({
  type: 'operation',
  timestamp: '2026-01-01T00:00:00Z',
  metadata: { id: 'op', status: 'Running' },
  project,
});

const invalidations: EventInvalidation[] = [
  { prefixes: ['instance-'], queryKey: (event) => ['instances', 'project', event.project ?? ''] },
  { prefixes: ['network-'], queryKey: ['networks'] },
  { prefixes: ['storage-pool-', 'storage-volume-'], queryKey: ['storage'] },
  { prefixes: ['project-'], queryKey: ['projects'] },
];

describe('lifecycle prefixes (spec §7)', () => {
  it('maps an action to the keys registered for its prefix', () => {
    expect(lifecycleQueryKeys(lifecycle('instance-started', 'p1'), invalidations)).toEqual([
      ['instances', 'project', 'p1'],
    ]);
    expect(lifecycleQueryKeys(lifecycle('instance-snapshot-created'), invalidations)).toEqual([
      ['instances', 'project', 'default'],
    ]);
    expect(lifecycleQueryKeys(lifecycle('network-acl-updated'), invalidations)).toEqual([
      ['networks'],
    ]);
    expect(lifecycleQueryKeys(lifecycle('storage-volume-created'), invalidations)).toEqual([
      ['storage'],
    ]);
    expect(lifecycleQueryKeys(lifecycle('certificate-created'), invalidations)).toEqual([]);
  });

  it('gives a listener without a key every event and makes nothing stale', () => {
    const heard: string[] = [];
    const listener: EventInvalidation = {
      prefixes: [''],
      apply: (event) => heard.push(event.metadata.action),
    };
    const client = { invalidateQueries: vi.fn(), isFetching: () => 0 };
    const timers = { setTimeout: vi.fn(), clearTimeout: vi.fn() };
    const dispatcher = new EventDispatcher({
      client: client,
      invalidations: [listener],
      operationQueryKeys: () => [],
      timers: timers,
    });
    dispatcher.handle(lifecycle('certificate-created'));
    dispatcher.handle(lifecycle('instance-started'));
    expect(heard).toEqual(['certificate-created', 'instance-started']);
    expect(lifecycleQueryKeys(lifecycle('instance-started'), [listener])).toEqual([]);
    expect(timers.setTimeout).not.toHaveBeenCalled();
  });
});

describe('EventDispatcher', () => {
  let client: {
    invalidateQueries: ReturnType<typeof vi.fn<InvalidatingClient['invalidateQueries']>>;
    isFetching: ReturnType<typeof vi.fn<InvalidatingClient['isFetching']>>;
  };
  let dispatcher: EventDispatcher;
  const invalidated = () => client.invalidateQueries.mock.calls.map((call) => call[0].queryKey);

  beforeEach(() => {
    vi.useFakeTimers();
    client = {
      invalidateQueries: vi.fn<InvalidatingClient['invalidateQueries']>(() => Promise.resolve()),
      isFetching: vi.fn<InvalidatingClient['isFetching']>(() => 0),
    };
    dispatcher = new EventDispatcher({
      client,
      invalidations,
      operationQueryKeys: (project) => [
        ['operations', 'list', project],
        ['operations', 'list', 'all-projects'],
      ],
      timers: { setTimeout, clearTimeout: (handle) => clearTimeout(handle as number) },
    });
  });

  afterEach(() => {
    dispatcher.dispose();
    vi.useRealTimers();
  });

  it('invalidates lifecycle keys once per batch', () => {
    for (let i = 0; i < 50; i++) dispatcher.handle(lifecycle('instance-updated'));
    dispatcher.handle(lifecycle('network-created'));
    expect(client.invalidateQueries).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LIFECYCLE_BATCH_MS);
    expect(invalidated()).toEqual([['instances', 'project', 'default'], ['networks']]);
  });

  it('keeps a thousand events a minute down to one fetch per key per batch', () => {
    for (let i = 0; i < 1000; i++) {
      dispatcher.handle(lifecycle(i % 2 ? 'instance-updated' : 'instance-started'));
      vi.advanceTimersByTime(60);
    }
    vi.advanceTimersByTime(LIFECYCLE_BATCH_MS);
    // 60 s of events, one invalidation per 100 ms batch at most.
    expect(client.invalidateQueries.mock.calls.length).toBeLessThanOrEqual(601);
    expect(new Set(invalidated().map((key) => JSON.stringify(key))).size).toBe(1);
  });

  it('waits for a running fetch instead of cancelling it, then invalidates again', () => {
    client.isFetching.mockReturnValue(1);
    dispatcher.handle(lifecycle('instance-updated'));
    vi.advanceTimersByTime(LIFECYCLE_BATCH_MS + 1000);
    expect(client.invalidateQueries).not.toHaveBeenCalled();
    client.isFetching.mockReturnValue(0);
    vi.advanceTimersByTime(250);
    expect(invalidated()).toEqual([['instances', 'project', 'default']]);
    expect(client.invalidateQueries.mock.calls[0]?.[1]).toEqual({ cancelRefetch: false });
  });

  it("puts an operation event's operation into the lists at once, before the refetch", () => {
    const applied: [string, string][] = [];
    dispatcher.configure({
      applyOperation: (project, op) => {
        applied.push([project, op.id]);
      },
    });
    dispatcher.handle(operation('lab'));
    dispatcher.handle({ ...operation('lab'), metadata: null });
    expect(applied).toEqual([['lab', 'op']]);
    expect(client.invalidateQueries).not.toHaveBeenCalled();
  });

  it('refetches operations 2 s after the last operation event, per project', () => {
    dispatcher.handle(operation('p1'));
    vi.advanceTimersByTime(1500);
    dispatcher.handle(operation('p2'));
    vi.advanceTimersByTime(1999);
    expect(client.invalidateQueries).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidated()).toEqual([
      ['operations', 'list', 'p1'],
      ['operations', 'list', 'all-projects'],
      ['operations', 'list', 'p2'],
    ]);
  });

  it('still refetches operations every 4 s under a steady stream of events', () => {
    for (let t = 0; t < 3_500; t += 500) {
      dispatcher.handle(operation('default'));
      vi.advanceTimersByTime(500);
    }
    expect(client.invalidateQueries).not.toHaveBeenCalled();
    dispatcher.handle(operation('default'));
    vi.advanceTimersByTime(500);
    expect(client.invalidateQueries).toHaveBeenCalledTimes(2);
  });
});
