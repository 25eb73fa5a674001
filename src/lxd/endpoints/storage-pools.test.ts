import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEtagConflict } from '../client';
import { clusterMemberError } from '../cluster-fanout';
import {
  createClusteredStoragePool,
  createStoragePool,
  deleteStoragePool,
  fetchStoragePool,
  fetchStoragePoolResources,
  isPoolMemberKey,
  PoolFanOutError,
  renameStoragePool,
  type PoolMemberConfig,
  storagePoolNameExists,
  updateClusteredStoragePool,
  updateStoragePool,
} from './storage-pools';

interface Call {
  method: string;
  url: string;
  body: unknown;
  ifMatch: string | null;
}

type Answer = {
  status?: number;
  error?: string;
  metadata?: unknown;
  etag?: string;
  async?: boolean;
};

/** Stubs fetch: `answer` decides each call's reply (default: 200 sync). */
function mockLxd(answer: (call: Call) => Answer | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        ifMatch: new Headers(init.headers).get('If-Match'),
      };
      calls.push(call);
      if (url.includes('/wait')) {
        return Promise.resolve(
          new Response(
            JSON.stringify({ type: 'sync', metadata: { id: 'op1', status: 'Success' } }),
          ),
        );
      }
      const reply = answer(call) ?? {};
      const status = reply.status ?? 200;
      const envelope =
        status >= 400
          ? { type: 'error', error: reply.error ?? 'error', error_code: status, metadata: null }
          : reply.async
            ? { type: 'async', operation: '/1.0/operations/op1', metadata: { id: 'op1' } }
            : { type: 'sync', metadata: reply.metadata ?? null };
      return Promise.resolve(
        new Response(JSON.stringify(envelope), {
          status,
          headers: reply.etag ? { ETag: reply.etag } : {},
        }),
      );
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('member-specific keys (LXD NodeSpecificStorageConfig, spec §7)', () => {
  it('are source, size, zfs.pool_name, lvm.thinpool_name, lvm.vg_name, volatile.initial_source', () => {
    for (const key of [
      'source',
      'size',
      'zfs.pool_name',
      'lvm.thinpool_name',
      'lvm.vg_name',
      'volatile.initial_source',
    ]) {
      expect(isPoolMemberKey(key)).toBe(true);
    }
    for (const key of ['lvm.use_thinpool', 'ceph.cluster_name', 'zfs.clone_copy', 'description']) {
      expect(isPoolMemberKey(key)).toBe(false);
    }
  });

  it('a member failure reads "Error from cluster member {member}: {message}" (spec §8)', () => {
    expect(clusterMemberError('m2', 'Disk full')).toBe('Error from cluster member m2: Disk full');
  });
});

describe('pool reads', () => {
  it('GET /1.0/storage-pools/{name}?recursion=1 with target and entitlements, keeping the ETag', async () => {
    const calls = mockLxd(() => ({
      metadata: { name: 'a b', driver: 'dir', description: '', config: null },
      etag: '"e1"',
    }));
    const pool = await fetchStoragePool('a b', {
      project: 'p',
      target: 'm1',
      entitlements: 'can_edit,can_delete',
    });
    expect(calls[0]?.url).toBe(
      '/1.0/storage-pools/a%20b?project=p&target=m1&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
    expect(pool.etag).toBe('"e1"');
    // A non-admin gets config: null.
    expect(pool.config).toEqual({});
  });

  it('GET …/resources (per member with ?target=)', async () => {
    const calls = mockLxd(() => ({ metadata: { space: { used: 1, total: 2 } } }));
    await expect(fetchStoragePoolResources('p1', { target: 'm2' })).resolves.toEqual({
      space: { used: 1, total: 2 },
    });
    expect(calls[0]?.url).toBe('/1.0/storage-pools/p1/resources?target=m2');
  });

  it('checks a name with GET /1.0/storage-pools/{name}: 404 is free', async () => {
    const calls = mockLxd((call) =>
      call.url.endsWith('/free') ? { status: 404, error: 'Storage pool not found' } : undefined,
    );
    await expect(storagePoolNameExists('taken')).resolves.toBe(true);
    await expect(storagePoolNameExists('free')).resolves.toBe(false);
    expect(calls.map((c) => c.url)).toEqual([
      '/1.0/storage-pools/taken',
      '/1.0/storage-pools/free',
    ]);
  });
});

describe('pool writes on a standalone server', () => {
  it('POST /1.0/storage-pools with the whole body, waiting for an operation', async () => {
    const calls = mockLxd(() => ({ async: true }));
    await createStoragePool({
      name: 'p1',
      driver: 'dir',
      description: 'd',
      config: { source: '/srv' },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/storage-pools',
      'GET /1.0/operations/op1/wait?timeout=-1',
    ]);
    expect(calls[0]?.body).toEqual({
      name: 'p1',
      driver: 'dir',
      description: 'd',
      config: { source: '/srv' },
    });
  });

  it('PATCH with If-Match; 412 is a conflict', async () => {
    const calls = mockLxd(() => ({ status: 412, error: 'ETag mismatch' }));
    const error = await updateStoragePool(
      'p1',
      { description: 'x', config: {} },
      { etag: '"e1"' },
    ).catch((e: unknown) => e);
    expect(isEtagConflict(error)).toBe(true);
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      url: '/1.0/storage-pools/p1',
      ifMatch: '"e1"',
    });
  });

  it('renames with POST {name} and deletes with DELETE', async () => {
    const calls = mockLxd();
    await renameStoragePool('p1', 'p2');
    await deleteStoragePool('p2');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/1.0/storage-pools/p1', { name: 'p2' }],
      ['DELETE', '/1.0/storage-pools/p2', undefined],
    ]);
  });

  it('passes LXD’s refusal of a rename on (501 not implemented)', async () => {
    mockLxd(() => ({ status: 501, error: 'not implemented' }));
    await expect(renameStoragePool('p1', 'p2')).rejects.toMatchObject({
      status: 501,
      message: 'not implemented',
    });
  });
});

describe('clustered creation (spec §7 fan-out)', () => {
  const body = {
    name: 'pool1',
    driver: 'zfs',
    description: 'shared',
    config: { 'zfs.clone_copy': 'false', size: 'ignored' },
  };
  const members: PoolMemberConfig[] = [
    { member: 'm1', config: { size: '10GiB', 'zfs.pool_name': 'tank1' } },
    { member: 'm2', config: { size: '20GiB' } },
  ];

  it('POSTs each member with ?target= and only its keys, then the shared config', async () => {
    const calls = mockLxd();
    await createClusteredStoragePool(body, members);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      [
        'POST',
        '/1.0/storage-pools?target=m1',
        { name: 'pool1', driver: 'zfs', config: { size: '10GiB', 'zfs.pool_name': 'tank1' } },
      ],
      [
        'POST',
        '/1.0/storage-pools?target=m2',
        { name: 'pool1', driver: 'zfs', config: { size: '20GiB' } },
      ],
      [
        'POST',
        '/1.0/storage-pools',
        {
          name: 'pool1',
          driver: 'zfs',
          description: 'shared',
          config: { 'zfs.clone_copy': 'false' },
        },
      ],
    ]);
  });

  it('stops at a failing member with its name and says where the pool is left pending', async () => {
    const calls = mockLxd((call) =>
      call.url.endsWith('target=m2') ? { status: 400, error: 'Invalid size' } : undefined,
    );
    const error = await createClusteredStoragePool(body, members).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PoolFanOutError);
    const fanOut = error as PoolFanOutError;
    expect(fanOut.message).toBe('Error from cluster member m2: Invalid size');
    expect(fanOut.member).toBe('m2');
    expect(fanOut.done).toEqual(['m1']);
    expect(fanOut.pending).toBe(true);
    // The shared step is never sent.
    expect(calls).toHaveLength(2);
  });

  it('a failing first member leaves nothing behind', async () => {
    mockLxd(() => ({ status: 500, error: 'boom' }));
    const error = (await createClusteredStoragePool(body, members).catch(
      (e: unknown) => e,
    )) as PoolFanOutError;
    expect(error.message).toBe('Error from cluster member m1: boom');
    expect(error.pending).toBe(false);
    expect(error.done).toEqual([]);
  });

  it('a failing shared step keeps LXD’s message and reports the pending pool', async () => {
    mockLxd((call) =>
      call.url === '/1.0/storage-pools' ? { status: 400, error: 'Bad' } : undefined,
    );
    const error = (await createClusteredStoragePool(body, members).catch(
      (e: unknown) => e,
    )) as PoolFanOutError;
    expect(error.message).toBe('Bad');
    expect(error.member).toBeUndefined();
    expect(error.done).toEqual(['m1', 'm2']);
    expect(error.pending).toBe(true);
  });

  it('waits for each member’s operation before the next request', async () => {
    const calls = mockLxd(() => ({ async: true }));
    await createClusteredStoragePool(body, members);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/storage-pools?target=m1',
      'GET /1.0/operations/op1/wait?timeout=-1',
      'POST /1.0/storage-pools?target=m2',
      'GET /1.0/operations/op1/wait?timeout=-1',
      'POST /1.0/storage-pools',
      'GET /1.0/operations/op1/wait?timeout=-1',
    ]);
  });
});

describe('clustered update', () => {
  it('PATCHes each member (?target=, its ETag, the description) and then the shared config', async () => {
    const calls = mockLxd();
    await updateClusteredStoragePool(
      'pool1',
      { description: 'new', config: { 'zfs.clone_copy': 'true', size: 'x' } },
      [{ member: 'm1', config: { size: '30GiB' }, etag: '"m1e"' }],
      '"ge"',
    );
    expect(calls.map((c) => [c.method, c.url, c.body, c.ifMatch])).toEqual([
      [
        'PATCH',
        '/1.0/storage-pools/pool1?target=m1',
        { description: 'new', config: { size: '30GiB' } },
        '"m1e"',
      ],
      [
        'PATCH',
        '/1.0/storage-pools/pool1',
        { description: 'new', config: { 'zfs.clone_copy': 'true' } },
        '"ge"',
      ],
    ]);
  });

  it('names the failing member and keeps a conflict a conflict', async () => {
    mockLxd((call) =>
      call.url.endsWith('target=m2') ? { status: 412, error: 'ETag mismatch' } : undefined,
    );
    const error = await updateClusteredStoragePool(
      'pool1',
      { description: '', config: {} },
      [
        { member: 'm1', config: { size: '1GiB' } },
        { member: 'm2', config: { size: '2GiB' } },
      ],
      undefined,
    ).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Error from cluster member m2: ETag mismatch');
    expect((error as PoolFanOutError).done).toEqual(['m1']);
    expect(isEtagConflict(error)).toBe(true);
  });

  it('without member changes a shared failure is LXD’s own error', async () => {
    mockLxd(() => ({ status: 412, error: 'ETag mismatch' }));
    const error = await updateClusteredStoragePool(
      'pool1',
      { description: '', config: {} },
      [],
      '"e"',
    ).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(PoolFanOutError);
    expect(isEtagConflict(error)).toBe(true);
  });
});
