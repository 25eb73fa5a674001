import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../lxd/types/instance';
import type { LifecycleEvent } from '../../../shared/events';
import { applyInstanceEvent } from '../applyInstanceEvent';
import { instanceKeys } from '../keys';
import { toListItem, type InstanceList } from '../list-item';
import { loadList } from '../list-load';
import { compileFilter } from '../list/filter';
import { testInstance } from '../testing/fixtures';
import type { ConsoleRemote } from '../../remotes';
import { fleetInstanceUrl } from './columns';
import {
  fleetError,
  fleetInstanceKeys,
  fleetItems,
  fleetRows,
  loadRemoteList,
  fleetScope,
  remoteArg,
  type RemoteListState,
} from './instances';

const sync = (metadata: unknown) =>
  new Response(JSON.stringify({ type: 'sync', status: 'Success', status_code: 200, metadata }), {
    headers: { 'Content-Type': 'application/json' },
  });

const remote = (name: string, over: Partial<ConsoleRemote> = {}): ConsoleRemote => ({
  name,
  default: false,
  url: `https://${name}:8443`,
  state: 'online',
  kind: 'lxd',
  version: '5.0.2',
  clustered: false,
  ...over,
});

const list = (...instances: LxdInstance[]): InstanceList => ({
  items: instances.map(toListItem),
  complete: true,
});

let requested: string[];
let answer: (url: string) => Response | Promise<Response>;

beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      requested.push(input);
      return Promise.resolve(answer(input));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a remote list of the fleet', () => {
  it('asks that remote for the names, then at once for the whole list (no window)', async () => {
    const names = Array.from({ length: 150 }, (_, i) => `/1.0/instances/c${String(i)}`);
    answer = (url) =>
      url.includes('recursion=0')
        ? sync(names)
        : sync(names.map((_, i) => testInstance({ name: `c${String(i)}`, status: 'Running' })));
    const client = new QueryClient();
    const key = fleetInstanceKeys.list('incus');
    const first = await loadList(client, key, undefined, new AbortController().signal, 'incus');
    client.setQueryData(key, first);
    expect(first.items).toHaveLength(150);
    expect(first.items[0]?.pending).toBe(true);
    expect(requested).toEqual([
      '/remote/incus/1.0/instances?recursion=0&all-projects=true',
      '/remote/incus/1.0/instances?recursion=1&all-projects=true',
    ]);
    await vi.waitFor(() => {
      expect(client.getQueryData<InstanceList>(key)?.complete).toBe(true);
    });
    expect(client.getQueryData<InstanceList>(key)?.items[0]?.status).toBe('Running');
  });

  it('lists each project of an identity that may not ask for every project at once', async () => {
    answer = (url) => {
      if (url.includes('all-projects')) {
        return new Response(
          JSON.stringify({ type: 'error', error: 'not authorized', error_code: 403 }),
          { status: 403, headers: { 'Content-Type': 'application/json' } },
        );
      }
      if (url.startsWith('/remote/lab/1.0/projects')) return sync([{ name: 'p1' }, { name: 'p2' }]);
      const project = new URL(url, 'http://x').searchParams.get('project') ?? '';
      if (url.includes('recursion=0')) return sync([`/1.0/instances/in-${project}`]);
      return sync([testInstance({ name: `in-${project}`, project })]);
    };
    const list = await loadRemoteList(
      new QueryClient(),
      remote('lab'),
      new AbortController().signal,
    );
    expect(list.complete).toBe(true);
    expect(list.items.map((item) => `${item.project}/${item.name}`)).toEqual([
      'p1/in-p1',
      'p2/in-p2',
    ]);
    // Names first, project by project, then each project's whole list; every project at
    // once is not asked again.
    expect(requested).toEqual([
      '/remote/lab/1.0/instances?recursion=0&all-projects=true',
      '/remote/lab/1.0/projects?recursion=1',
      '/remote/lab/1.0/instances?project=p1&recursion=0',
      '/remote/lab/1.0/instances?project=p2&recursion=0',
      '/remote/lab/1.0/projects?recursion=1',
      '/remote/lab/1.0/instances?project=p1&recursion=1',
      '/remote/lab/1.0/instances?project=p2&recursion=1',
    ]);
  });

  it('names the default remote with plain /1.0 paths', async () => {
    answer = (url) => (url.includes('recursion=0') ? sync([]) : sync([]));
    const client = new QueryClient();
    await loadList(client, ['x'], undefined, new AbortController().signal, null);
    expect(requested[0]).toBe('/1.0/instances?recursion=0&all-projects=true');
  });
});

describe('fleetRows', () => {
  const local = remote('local', { default: true });
  const incus = remote('incus', { kind: 'incus' });
  const gone = remote('gone', { state: 'unreachable', kind: null, version: null });
  const state = (
    of: ConsoleRemote,
    data: InstanceList | undefined,
    pending = data === undefined,
  ): RemoteListState => ({ remote: of, list: data, pending, error: undefined });

  it('is loading while no online remote has answered', () => {
    expect(fleetRows([state(local, undefined), state(gone, undefined, true)])).toBeUndefined();
  });

  it('lists the online remotes’ instances with their remote, and none of the others', () => {
    const rows = fleetRows([
      state(local, list(testInstance({ name: 'a' }))),
      state(incus, undefined),
      state(gone, list(testInstance({ name: 'stale' }))),
    ]);
    expect(rows?.map((row) => [row.name, row.remoteName, row.remote])).toEqual([
      ['a', 'local', null],
    ]);
  });

  it('is an error when no remote can give rows, with each one’s reason', () => {
    expect(fleetError([state(gone, undefined, false)])?.message).toBe(
      'No remote can be reached. gone is unreachable',
    );
    const failed = (of: ConsoleRemote, error: string): RemoteListState => ({
      remote: of,
      list: undefined,
      pending: false,
      error,
    });
    expect(
      fleetError([
        failed(local, 'not authorized'),
        failed(incus, 'timeout'),
        state(gone, undefined),
      ])?.message,
    ).toBe('No remote could list its instances. local: not authorized; incus: timeout');
    expect(fleetError([failed(local, 'x'), state(incus, list())])).toBeUndefined();
    expect(fleetError([failed(local, 'x'), state(incus, undefined)])).toBeUndefined();
  });

  it('makes a remote’s rows once per answer', () => {
    const items = list(testInstance({ name: 'a' })).items;
    expect(fleetItems(incus, items)).toBe(fleetItems(incus, items));
    expect(fleetItems(incus, items)[0]?.remote).toBe('incus');
    expect(remoteArg(local)).toBeNull();
  });
});

describe('events of a remote', () => {
  const event = (action: string, name: string): LifecycleEvent => ({
    type: 'lifecycle',
    timestamp: '2026-01-01T00:00:00Z',
    metadata: { action, source: `/1.0/instances/${name}` },
    project: 'default',
  });

  it('change that remote’s list only, asking that remote for the instance', async () => {
    answer = () => sync(testInstance({ name: 'web', status: 'Running' }));
    const client = new QueryClient();
    const stopped = list(testInstance({ name: 'web' }));
    client.setQueryData(fleetInstanceKeys.list('incus'), stopped);
    client.setQueryData(fleetInstanceKeys.list('cluster'), stopped);
    client.setQueryData(instanceKeys.allProjects(), stopped);

    applyInstanceEvent(client, event('instance-started', 'web'), fleetScope(remote('incus')));
    await vi.waitFor(() => {
      expect(
        client.getQueryData<InstanceList>(fleetInstanceKeys.list('incus'))?.items[0]?.status,
      ).toBe('Running');
    });
    expect(requested).toEqual(['/remote/incus/1.0/instances/web?project=default']);
    expect(
      client.getQueryData<InstanceList>(fleetInstanceKeys.list('cluster'))?.items[0]?.status,
    ).toBe('Stopped');
    expect(client.getQueryData<InstanceList>(instanceKeys.allProjects())?.items[0]?.status).toBe(
      'Stopped',
    );
  });

  it('remove a deleted instance from that remote’s list', () => {
    const client = new QueryClient();
    client.setQueryData(fleetInstanceKeys.list('incus'), list(testInstance({ name: 'web' })));
    applyInstanceEvent(client, event('instance-deleted', 'web'), fleetScope(remote('incus')));
    expect(client.getQueryData<InstanceList>(fleetInstanceKeys.list('incus'))?.items).toEqual([]);
    expect(requested).toEqual([]);
  });
});

describe('the fleet list’s search and links', () => {
  const rows = fleetItems(
    remote('incus'),
    list(testInstance({ name: 'web' }), testInstance({ name: 'db' })).items,
  );
  const local = fleetItems(
    remote('local', { default: true }),
    list(testInstance({ name: 'web' })).items,
  );

  it('filters by remote', () => {
    const match = compileFilter('remote:incus');
    expect([...rows, ...local].filter(match).map((row) => `${row.remoteName}/${row.name}`)).toEqual(
      ['incus/web', 'incus/db'],
    );
    expect([...rows, ...local].filter(compileFilter('-remote:incus web'))).toHaveLength(1);
  });

  it('links each name to its page on its own remote', () => {
    expect(rows[0] && fleetInstanceUrl(rows[0])).toBe(
      '/ui/remote/incus/project/default/instance/web',
    );
    expect(local[0] && fleetInstanceUrl(local[0])).toBe('/ui/project/default/instance/web');
  });
});
