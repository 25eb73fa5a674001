import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LifecycleEvent } from '../../shared/events';
import type { LxdInstance } from '../../lxd/types/instance';

const fetchInstance = vi.fn<(project: string, name: string) => Promise<LxdInstance>>();
vi.mock('../../lxd/endpoints/instances', () => ({
  fetchInstance: (project: string, name: string) => fetchInstance(project, name),
  fetchAllProjectsInstances: vi.fn(),
  fetchInstanceSnapshotUrls: vi.fn(),
  fetchInstanceState: vi.fn(),
  fetchInstances: vi.fn(),
}));

const { applyInstanceEvent } = await import('./applyInstanceEvent');
const { instanceKeys } = await import('./keys');
const { toListItem } = await import('./list-item');

const event = (action: string, name = 'x'): LifecycleEvent => ({
  type: 'lifecycle',
  timestamp: '2026-01-01T00:00:00Z',
  metadata: { action, source: `/1.0/instances/${name}` },
  project: 'default',
});

const instance = (name: string, status: string): LxdInstance =>
  ({
    name,
    project: 'default',
    type: 'container',
    status,
    description: '',
    location: 'none',
    profiles: ['default'],
    created_at: '2026-01-01T00:00:00Z',
    last_used_at: '2026-01-01T00:00:00Z',
    config: {},
    expanded_config: {},
  }) as unknown as LxdInstance;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const rows = (client: QueryClient) =>
  (
    client.getQueryData(instanceKeys.project('default')) as {
      items: { name: string; status: string }[];
    }
  ).items.map((item) => `${item.name} ${item.status}`);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('applyInstanceEvent', () => {
  let client: QueryClient;
  beforeEach(() => {
    fetchInstance.mockReset();
    client = new QueryClient();
    client.setQueryData(instanceKeys.project('default'), {
      items: [toListItem(instance('a', 'Running')), toListItem(instance('x', 'Running'))],
      complete: true,
    });
  });

  it('asks LXD for the instance an event names and puts the answer in the list', async () => {
    fetchInstance.mockResolvedValue(instance('x', 'Stopped'));
    applyInstanceEvent(client, event('instance-stopped'));
    await settle();
    expect(fetchInstance).toHaveBeenCalledWith('default', 'x');
    expect(rows(client)).toEqual(['a Running', 'x Stopped']);
  });

  it('does not put back an instance deleted while the GET of an earlier event was on its way', async () => {
    const answer = deferred<LxdInstance>();
    fetchInstance.mockReturnValueOnce(answer.promise);
    applyInstanceEvent(client, event('instance-stopped'));
    await settle();
    applyInstanceEvent(client, event('instance-deleted'));
    expect(rows(client)).toEqual(['a Running']);
    // LXD answered the stop's GET before the deletion: the answer arrives after it.
    answer.resolve(instance('x', 'Stopped'));
    await settle();
    expect(rows(client)).toEqual(['a Running']);
    expect(fetchInstance).toHaveBeenCalledTimes(1);

    // An instance created again under that name is asked for and shown.
    fetchInstance.mockResolvedValueOnce(instance('x', 'Stopped'));
    applyInstanceEvent(client, event('instance-created'));
    await settle();
    expect(rows(client)).toEqual(['a Running', 'x Stopped']);
  });

  it('asks once more after the GET on its way when another event came meanwhile', async () => {
    const first = deferred<LxdInstance>();
    fetchInstance.mockReturnValueOnce(first.promise);
    fetchInstance.mockResolvedValueOnce(instance('x', 'Running'));
    applyInstanceEvent(client, event('instance-stopped'));
    await settle();
    applyInstanceEvent(client, event('instance-started'));
    applyInstanceEvent(client, event('instance-updated'));
    first.resolve(instance('x', 'Stopped'));
    await settle();
    await settle();
    expect(fetchInstance).toHaveBeenCalledTimes(2);
    expect(rows(client)).toEqual(['a Running', 'x Running']);
  });
});
