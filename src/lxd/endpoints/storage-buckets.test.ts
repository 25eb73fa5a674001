import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bucketTarget,
  createBucket,
  createBucketKey,
  deleteBucket,
  deleteBucketKey,
  fetchBucket,
  fetchBucketKeys,
  fetchProjectBuckets,
  updateBucket,
  updateBucketKey,
} from './storage-buckets';

interface Call {
  method: string;
  url: string;
  body: unknown;
  ifMatch: string | null;
}

type Answer = { status?: number; body: unknown; etag?: string };

function stubFetch(answer: (call: Call) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        ifMatch: new Headers(init?.headers).get('If-Match'),
      };
      calls.push(call);
      const { status = 200, body, etag } = answer(call);
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: etag ? { ETag: etag } : {} }),
      );
    }),
  );
  return calls;
}

const adminKey = {
  name: 'admin',
  description: 'Admin user',
  role: 'admin',
  'access-key': 'GKV7J2UQ6LDC3VMD',
  'secret-key': 'kDQD6AOgwHgaQI1UIJBJpPaiLgZuJbq0',
};

const sync = (metadata: unknown) => ({
  type: 'sync',
  status: 'Success',
  status_code: 200,
  metadata,
});
const async = (id: string) => ({
  type: 'async',
  status: 'Operation created',
  status_code: 100,
  operation: `/1.0/operations/${id}`,
  metadata: { id, class: 'task', status: 'Running' },
});
const ended = (id: string, metadata: Record<string, unknown> | null) =>
  sync({ id, class: 'task', status: 'Success', status_code: 200, metadata, err: '' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bucket lists', () => {
  it('asks every pool and leaves out those whose driver has no buckets (400)', async () => {
    const calls = stubFetch(({ url }) =>
      url.startsWith('/1.0/storage-pools/local/')
        ? {
            status: 400,
            body: { type: 'error', error: 'Storage pool driver "dir" does not support buckets' },
          }
        : { body: sync([{ name: 'b1', description: '', config: {}, s3_url: 'https://s3/b1' }]) },
    );
    const result = await fetchProjectBuckets('p', ['local', 'objects']);
    expect(result.pools).toEqual(['objects']);
    expect(result.buckets).toEqual([
      { name: 'b1', description: '', config: {}, s3_url: 'https://s3/b1', pool: 'objects' },
    ]);
    expect(calls.map((c) => c.url)).toEqual([
      '/1.0/storage-pools/local/buckets?project=p&recursion=1',
      '/1.0/storage-pools/objects/buckets?project=p&recursion=1',
    ]);
  });

  it('fails on other errors', async () => {
    stubFetch(() => ({ status: 500, body: { type: 'error', error: 'database is locked' } }));
    await expect(fetchProjectBuckets('p', ['objects'])).rejects.toThrow('database is locked');
  });

  it('asks for entitlements when given', async () => {
    const calls = stubFetch(() => ({ body: sync([]) }));
    await fetchProjectBuckets('p', ['objects'], { entitlements: 'can_edit,can_delete' });
    expect(calls[0]?.url).toBe(
      '/1.0/storage-pools/objects/buckets?project=p&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
  });

  it('reads one bucket with its ETag, and targets the member of a local bucket', async () => {
    const calls = stubFetch(() => ({
      body: sync({ name: 'b1', description: 'd', config: {}, s3_url: '', location: 'm1' }),
      etag: '"abc"',
    }));
    const bucket = await fetchBucket({ project: 'p', pool: 'o', bucket: 'b1', member: 'm1' });
    expect(bucket).toMatchObject({ name: 'b1', pool: 'o', etag: '"abc"' });
    expect(calls[0]?.url).toBe('/1.0/storage-pools/o/buckets/b1?project=p&target=m1');
    expect(bucketTarget('m1')).toBe('m1');
    expect(bucketTarget('none')).toBeUndefined();
    expect(bucketTarget('')).toBeUndefined();
  });
});

describe('creating a bucket returns its admin key', () => {
  it('from the synchronous answer (LXD up to 6.7)', async () => {
    const calls = stubFetch(() => ({ body: sync(adminKey) }));
    const key = await createBucket('p', 'o', { name: 'b1', description: 'd', config: {} });
    expect(key).toEqual(adminKey);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/1.0/storage-pools/o/buckets?project=p',
        body: { name: 'b1', description: 'd', config: {} },
        ifMatch: null,
      },
    ]);
  });

  it("from the operation's metadata (LXD 6.8+)", async () => {
    const calls = stubFetch(({ method }) =>
      method === 'POST'
        ? { status: 202, body: async('op-1') }
        : { body: ended('op-1', { key: adminKey }) },
    );
    const key = await createBucket('p', 'o', {
      name: 'b1',
      description: '',
      config: { size: '1GiB' },
    });
    expect(key).toEqual(adminKey);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/storage-pools/o/buckets?project=p',
      'GET /1.0/operations/op-1/wait?project=p&timeout=-1',
    ]);
  });

  it('says nothing when no key came back', async () => {
    stubFetch(() => ({ body: sync({}) }));
    await expect(
      createBucket('p', 'o', { name: 'b1', description: '', config: {} }),
    ).resolves.toBeUndefined();
  });
});

describe('bucket writes', () => {
  it('sends If-Match on PUT and waits for an operation', async () => {
    const calls = stubFetch(({ method }) =>
      method === 'PUT' ? { status: 202, body: async('op-2') } : { body: ended('op-2', null) },
    );
    await updateBucket(
      { project: 'p', pool: 'o', bucket: 'b1' },
      { description: 'new', config: { size: '2GiB' } },
      '"etag-1"',
    );
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/1.0/storage-pools/o/buckets/b1?project=p',
      body: { description: 'new', config: { size: '2GiB' } },
      ifMatch: '"etag-1"',
    });
    expect(calls[1]?.url).toBe('/1.0/operations/op-2/wait?project=p&timeout=-1');
  });

  it('reports a 412 as an ETag conflict', async () => {
    stubFetch(() => ({ status: 412, body: { type: 'error', error: "ETag doesn't match" } }));
    await expect(
      updateBucket({ project: 'p', pool: 'o', bucket: 'b1' }, { description: '', config: {} }, 'x'),
    ).rejects.toMatchObject({ status: 412 });
  });

  it('deletes a bucket', async () => {
    const calls = stubFetch(() => ({ body: sync(null) }));
    await deleteBucket({ project: 'p', pool: 'o', bucket: 'b 1' });
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      url: '/1.0/storage-pools/o/buckets/b%201?project=p',
    });
  });
});

describe('bucket keys', () => {
  const ref = { project: 'p', pool: 'o', bucket: 'b1' };
  const readOnly = {
    name: 'reader',
    description: 'CI',
    role: 'read-only',
    'access-key': 'AK',
    'secret-key': 'SK',
  };

  it('lists keys with recursion', async () => {
    const calls = stubFetch(() => ({ body: sync([readOnly]) }));
    await expect(fetchBucketKeys(ref)).resolves.toEqual([readOnly]);
    expect(calls[0]?.url).toBe('/1.0/storage-pools/o/buckets/b1/keys?project=p&recursion=1');
  });

  it('creates a key and returns it with its secret (sync answer)', async () => {
    const calls = stubFetch(() => ({ body: sync(readOnly) }));
    const key = await createBucketKey(ref, {
      name: 'reader',
      role: 'read-only',
      description: 'CI',
    });
    expect(key).toEqual(readOnly);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/1.0/storage-pools/o/buckets/b1/keys?project=p',
      body: { name: 'reader', role: 'read-only', description: 'CI' },
    });
  });

  it("creates a key and reads it from the operation's metadata (LXD 6.8+)", async () => {
    stubFetch(({ method }) =>
      method === 'POST'
        ? { status: 202, body: async('op-3') }
        : { body: ended('op-3', { key: readOnly }) },
    );
    await expect(
      createBucketKey(ref, { name: 'reader', role: 'read-only', description: '' }),
    ).resolves.toEqual(readOnly);
  });

  it('updates a key with If-Match and deletes one', async () => {
    const calls = stubFetch(() => ({ body: sync(null) }));
    await updateBucketKey(
      ref,
      'reader',
      { role: 'admin', description: 'x', 'access-key': 'AK', 'secret-key': 'SK' },
      '"k1"',
    );
    await deleteBucketKey(ref, 'reader');
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/1.0/storage-pools/o/buckets/b1/keys/reader?project=p',
        body: { role: 'admin', description: 'x', 'access-key': 'AK', 'secret-key': 'SK' },
        ifMatch: '"k1"',
      },
      {
        method: 'DELETE',
        url: '/1.0/storage-pools/o/buckets/b1/keys/reader?project=p',
        body: undefined,
        ifMatch: null,
      },
    ]);
  });
});
