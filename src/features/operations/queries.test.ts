import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LxdOperation } from '../../lxd/types/operation';
import { ALL_PROJECTS, fetchOperations } from '../../lxd/endpoints/operations';
import type { ProjectOperation } from '../../lxd/types/operation';
import { QueryClient } from '@tanstack/react-query';
import {
  countRunning,
  groupOperations,
  operationEventKeys,
  forgetRecentlyEnded,
  operationKeys,
  RECENTLY_ENDED_KEEP_MS,
  RECENTLY_ENDED_MAX,
  runningOperationsText,
  upsertOperation,
  withRecentlyEnded,
} from './queries';
import { operationResourceLinks } from './resources';

function op(id: string, status: LxdOperation['status'], created: string): ProjectOperation {
  return {
    id,
    class: 'task',
    description: id,
    created_at: created,
    updated_at: created,
    status,
    status_code: 0,
    resources: null,
    metadata: null,
    may_cancel: false,
    err: '',
    location: 'none',
    project: 'default',
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetRecentlyEnded();
});

describe('upsertOperation', () => {
  it('adds or replaces the event’s operation in the open lists of its project and of all', () => {
    const client = new QueryClient();
    const running = op('a', 'Running', '2026-01-01T00:00:00Z');
    client.setQueryData(operationKeys.list('default'), [running]);
    client.setQueryData(operationKeys.list(ALL_PROJECTS), []);
    const failed = { ...running, status: 'Failure' as const, err: 'Command not found' };
    upsertOperation(client, 'default', failed);
    upsertOperation(client, 'default', op('b', 'Running', '2026-01-01T00:00:01Z'));
    expect(
      client
        .getQueryData<ProjectOperation[]>(operationKeys.list('default'))
        ?.map((o) => [o.id, o.status]),
    ).toEqual([
      ['b', 'Running'],
      ['a', 'Failure'],
    ]);
    expect(
      client.getQueryData<ProjectOperation[]>(operationKeys.list(ALL_PROJECTS))?.map((o) => o.id),
    ).toEqual(['b', 'a']);
    // A project whose list no screen has loaded is not created.
    upsertOperation(client, 'lab', op('c', 'Running', '2026-01-01T00:00:02Z'));
    expect(client.getQueryData(operationKeys.list('lab'))).toBeUndefined();
  });
});

describe('withRecentlyEnded', () => {
  it('keeps an ended operation from the events for a minute after LXD forgets it', () => {
    const client = new QueryClient();
    const failed = { ...op('f', 'Failure', '2026-01-01T00:00:00Z'), err: 'Command not found' };
    upsertOperation(client, 'default', op('r', 'Running', '2026-01-01T00:00:00Z'), 1_000);
    upsertOperation(client, 'default', failed, 1_000);
    const listed = [op('x', 'Success', '2026-01-01T00:00:00Z')];
    // A refetch after LXD forgot the failure still shows it; the running one is not kept.
    expect(withRecentlyEnded('default', listed, 2_000).map((o) => o.id)).toEqual(['f', 'x']);
    expect(withRecentlyEnded(ALL_PROJECTS, listed, 2_000).map((o) => o.id)).toEqual(['f', 'x']);
    expect(withRecentlyEnded('lab', listed, 2_000).map((o) => o.id)).toEqual(['x']);
    // LXD still lists it: no duplicate.
    expect(withRecentlyEnded('default', [failed], 2_000)).toEqual([failed]);
    expect(
      withRecentlyEnded('default', listed, 1_000 + RECENTLY_ENDED_KEEP_MS + 1).map((o) => o.id),
    ).toEqual(['x']);
  });
});

describe('withRecentlyEnded under a steady stream', () => {
  it('keeps the newest RECENTLY_ENDED_MAX successes and never lets them push a failure out', () => {
    forgetRecentlyEnded();
    const client = new QueryClient();
    const at = '2026-01-01T00:00:00Z';
    for (let i = 0; i < 200; i += 1)
      upsertOperation(client, 'default', op(`a${i}`, 'Success', at), 1_000 + i);
    upsertOperation(client, 'default', op('failed', 'Failure', at), 2_000);
    for (let i = 0; i < 200; i += 1)
      upsertOperation(client, 'default', op(`b${i}`, 'Success', at), 3_000 + i);
    const kept = withRecentlyEnded('default', [], 4_000).map((o) => o.id);
    expect(kept).toContain('failed');
    expect(kept).toHaveLength(RECENTLY_ENDED_MAX + 1);
    expect(kept).toContain('b199');
    expect(kept).not.toContain('b149');
    expect(kept.some((id) => id.startsWith('a'))).toBe(false);
  });
});

describe('operations', () => {
  it('groups failure, running and success, each newest first', () => {
    const groups = groupOperations([
      op('s-old', 'Success', '2026-11-22T07:20:48.928345248Z'),
      op('s-new', 'Success', '2026-11-22T07:20:49.04955078Z'),
      op('s-mid', 'Success', '2026-11-22T07:20:49.001Z'),
      op('r1', 'Running', '2026-11-22T07:00:00Z'),
      op('p1', 'Pending', '2026-11-22T08:00:00Z'),
      op('f1', 'Failure', '2026-11-22T07:00:00Z'),
      op('c1', 'Cancelled', '2026-11-22T07:30:00Z'),
    ]);
    expect(groups.failure.map((o) => o.id)).toEqual(['c1', 'f1']);
    expect(groups.running.map((o) => o.id)).toEqual(['p1', 'r1']);
    expect(groups.success.map((o) => o.id)).toEqual(['s-new', 's-mid', 's-old']);
  });

  it('counts the running operations as the running group does (pending and cancelling too)', () => {
    const operations = [
      op('s1', 'Success', '2026-11-22T07:00:00Z'),
      op('r1', 'Running', '2026-11-22T07:00:00Z'),
      op('p1', 'Pending', '2026-11-22T07:00:00Z'),
      op('x1', 'Cancelling', '2026-11-22T07:00:00Z'),
      op('f1', 'Failure', '2026-11-22T07:00:00Z'),
      op('c1', 'Cancelled', '2026-11-22T07:00:00Z'),
    ];
    expect(countRunning(operations)).toBe(3);
    expect(countRunning(operations)).toBe(groupOperations(operations).running.length);
    expect(countRunning([])).toBe(0);
  });

  it('words the status-bar count as the spec does', () => {
    expect(runningOperationsText(0)).toBe('0 operation(s) in progress...');
    expect(runningOperationsText(1)).toBe('1 operation(s) in progress...');
    expect(runningOperationsText(12)).toBe('12 operation(s) in progress...');
  });

  it('refreshes the project list and the all-projects list on an operation event', () => {
    expect(operationEventKeys('p1')).toEqual([
      ['operations', 'list', 'p1'],
      ['operations', 'list', 'all-projects'],
    ]);
  });

  it('links instances, snapshots, images and volume snapshots', () => {
    const links = operationResourceLinks({
      project: 'default',
      resources: {
        containers: ['/1.0/containers/c1'],
        instances: ['/1.0/instances/c1', '/1.0/instances/web%201?project=p2'],
        instances_snapshots: ['/1.0/instances/c1/snapshots/snap0'],
        images: ['/1.0/images/529cc34043fe0123456789'],
        storage_volume_snapshots: [
          '/1.0/storage-pools/pool1/volumes/custom/vol1/snapshots/s1?project=p3',
        ],
        storage_volumes: ['/1.0/storage-pools/pool1/volumes/custom/vol1'],
        networks: ['/1.0/networks/br0'],
      },
    });
    expect(links).toEqual([
      { kind: 'instance', label: 'c1', to: '/project/default/instance/c1' },
      { kind: 'instance', label: 'web 1', to: '/project/p2/instance/web%201' },
      {
        kind: 'instance snapshot',
        label: 'c1/snap0',
        to: '/project/default/instance/c1/snapshots',
      },
      { kind: 'image', label: '529cc34043fe', to: '/project/default/images' },
      {
        kind: 'storage volume snapshot',
        label: 'vol1/s1',
        to: '/project/p3/storage/pool/pool1/volumes/custom/vol1/snapshots',
      },
      {
        kind: 'storage volume',
        label: 'vol1',
        to: '/project/default/storage/pool/pool1/volumes/custom/vol1',
      },
    ]);
  });

  it('asks project by project when the server lacks all-projects for operations', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        const metadata = url.startsWith('/1.0/projects')
          ? ['/1.0/projects/default', '/1.0/projects/limited']
          : url.includes('project=limited')
            ? { running: [op('l1', 'Running', '2026-01-01T00:00:00Z')] }
            : { success: [op('d1', 'Success', '2026-01-01T00:00:00Z')], failure: null };
        return Promise.resolve(new Response(JSON.stringify({ type: 'sync', metadata })));
      }),
    );
    const list = await fetchOperations(ALL_PROJECTS, false);
    expect(urls).toEqual([
      '/1.0/projects',
      '/1.0/operations?project=default&recursion=1',
      '/1.0/operations?project=limited&recursion=1',
    ]);
    expect(list.map((o) => [o.id, o.project])).toEqual([
      ['d1', 'default'],
      ['l1', 'limited'],
    ]);
    urls.length = 0;
    await fetchOperations(ALL_PROJECTS, true);
    expect(urls).toEqual(['/1.0/operations?recursion=1&all-projects=true']);
  });
});
