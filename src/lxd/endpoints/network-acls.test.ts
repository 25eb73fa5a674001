import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NETWORK_ACL_NO_METADATA,
  aclRows,
  createNetworkAcl,
  deleteNetworkAcl,
  fetchNetworkAcl,
  fetchNetworkAclLog,
  fetchNetworkAcls,
  networkAclNameExists,
  renameNetworkAcl,
  updateNetworkAcl,
} from './network-acls';

interface Call {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
}

/** Answers each call in turn with [status, body, headers?]; a string body is sent as is. */
function fakeFetch(...answers: [number, unknown, Record<string, string>?][]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: new Headers(init.headers),
      });
      const [status, body, headers] = answers[calls.length - 1] ?? [500, { error: 'unexpected' }];
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      return Promise.resolve(new Response(text, { status, headers }));
    }),
  );
  return calls;
}

const sync = (metadata: unknown) => ({ type: 'sync', status_code: 200, metadata });

afterEach(() => {
  vi.unstubAllGlobals();
});

const acl = {
  name: 'web',
  description: 'Web servers',
  ingress: [{ action: 'allow', state: 'enabled', protocol: 'tcp', destination_port: '80' }],
  egress: [],
  config: {},
  used_by: ['/1.0/networks/br0'],
};

describe('network ACL calls', () => {
  it('lists with recursion=1 in the project, with entitlements when asked', async () => {
    const calls = fakeFetch([200, sync([acl])], [200, sync([])]);
    await expect(fetchNetworkAcls('p1')).resolves.toEqual([acl]);
    await fetchNetworkAcls('p1', { entitlements: 'can_edit,can_delete' });
    expect(calls.map((c) => c.url)).toEqual([
      '/1.0/network-acls?project=p1&recursion=1',
      '/1.0/network-acls?project=p1&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    ]);
  });

  it('refuses rows without metadata (spec §8)', async () => {
    fakeFetch([200, sync(null)]);
    await expect(fetchNetworkAcls('default')).rejects.toThrow(NETWORK_ACL_NO_METADATA);
    expect(NETWORK_ACL_NO_METADATA).toBe('Network ACLs have no row metadata');
    expect(() => aclRows(['/1.0/network-acls/web'])).toThrow(NETWORK_ACL_NO_METADATA);
    expect(() => aclRows([{ description: 'no name' }])).toThrow(NETWORK_ACL_NO_METADATA);
    expect(() => aclRows([null])).toThrow(NETWORK_ACL_NO_METADATA);
    expect(aclRows([])).toEqual([]);
  });

  it('reads one ACL with its ETag', async () => {
    const calls = fakeFetch([200, sync(acl), { ETag: '"abc"' }]);
    await expect(fetchNetworkAcl('default', 'web acl')).resolves.toEqual({ ...acl, etag: '"abc"' });
    expect(calls[0]?.url).toBe('/1.0/network-acls/web%20acl?project=default');
  });

  it('checks a name: 404 is free, found is taken (spec §7)', async () => {
    const calls = fakeFetch(
      [404, { type: 'error', error_code: 404, error: 'Network ACL not found' }],
      [200, sync(acl)],
    );
    await expect(networkAclNameExists('p', 'free')).resolves.toBe(false);
    await expect(networkAclNameExists('p', 'web')).resolves.toBe(true);
    expect(calls.map((c) => c.url)).toEqual([
      '/1.0/network-acls/free?project=p',
      '/1.0/network-acls/web?project=p',
    ]);
  });

  it('creates, updates with If-Match, renames and deletes', async () => {
    const calls = fakeFetch([200, sync({})], [200, sync({})], [200, sync({})], [200, sync({})]);
    const put = { description: 'd', ingress: [], egress: [], config: {} };
    await createNetworkAcl('p', { name: 'web', ...put });
    await updateNetworkAcl('p', 'web', put, '"e1"');
    await renameNetworkAcl('p', 'web', 'web2');
    await deleteNetworkAcl('p', 'web2');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/network-acls?project=p',
      'PUT /1.0/network-acls/web?project=p',
      'POST /1.0/network-acls/web?project=p',
      'DELETE /1.0/network-acls/web2?project=p',
    ]);
    expect(calls[0]?.body).toEqual({ name: 'web', ...put });
    expect(calls[1]?.headers.get('If-Match')).toBe('"e1"');
    expect(calls[2]?.body).toEqual({ name: 'web2' });
  });

  it('waits for an operation when a write answers async (LXD 6.8+)', async () => {
    const calls = fakeFetch(
      [202, { type: 'async', operation: '/1.0/operations/op1', metadata: { id: 'op1' } }],
      [200, sync({ id: 'op1', status: 'Success', err: '' })],
    );
    await deleteNetworkAcl('p', 'web');
    expect(calls[1]?.url).toBe('/1.0/operations/op1/wait?project=p&timeout=-1');
  });

  it('a refused write throws LXD’s error text', async () => {
    fakeFetch([
      400,
      { type: 'error', error_code: 400, error: 'Cannot delete an ACL that is in use' },
    ]);
    await expect(deleteNetworkAcl('p', 'web')).rejects.toThrow(
      'Cannot delete an ACL that is in use',
    );
  });

  it('reads the log as text, and LXD’s refusal as an error', async () => {
    const calls = fakeFetch(
      [200, 'line 1\nline 2\n'],
      [
        500,
        {
          type: 'error',
          error_code: 500,
          error: 'Only OVN log entries may be retrieved at this time',
        },
      ],
    );
    await expect(fetchNetworkAclLog('p', 'web')).resolves.toBe('line 1\nline 2\n');
    expect(calls[0]?.url).toBe('/1.0/network-acls/web/log?project=p');
    await expect(fetchNetworkAclLog('p', 'web')).rejects.toThrow(
      'Only OVN log entries may be retrieved at this time',
    );
  });
});
