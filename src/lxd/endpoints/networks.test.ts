import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClusteredNetwork,
  createNetwork,
  deleteNetwork,
  fetchNetwork,
  fetchNetworkAclNames,
  fetchNetworks,
  isNetworkMemberKey,
  networkNameExists,
  renameNetwork,
  updateClusteredNetwork,
  updateNetwork,
} from './networks';

interface Call {
  url: string;
  method: string;
  body: unknown;
  ifMatch: string | null;
}

type Answer = { status?: number; body: unknown; etag?: string };

/** Stubs fetch; `answer` decides per call (default: an empty sync answer). */
function mockLxd(answer: (call: Call) => Answer | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const call: Call = {
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        ifMatch: new Headers(init.headers).get('If-Match'),
      };
      calls.push(call);
      const reply = answer(call) ?? { body: { type: 'sync', metadata: {} } };
      return Promise.resolve(
        new Response(JSON.stringify(reply.body), {
          status: reply.status ?? 200,
          headers: reply.etag ? { ETag: reply.etag } : {},
        }),
      );
    }),
  );
  return calls;
}

const error = (status: number, message: string): Answer => ({
  status,
  body: { type: 'error', error: message, error_code: status, metadata: null },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('network reads', () => {
  it('lists with recursion and the project, filling missing config', async () => {
    const calls = mockLxd(() => ({
      body: { type: 'sync', metadata: [{ name: 'lo', type: 'loopback', managed: false }] },
    }));
    const list = await fetchNetworks('p1');
    expect(calls[0]?.url).toBe('/1.0/networks?project=p1&recursion=1');
    expect(list[0]?.config).toEqual({});
    expect(list[0]?.description).toBe('');
  });

  it('asks for entitlements when given', async () => {
    const calls = mockLxd(() => ({ body: { type: 'sync', metadata: [] } }));
    await fetchNetworks('default', undefined, 'can_edit,can_delete');
    expect(calls[0]?.url).toBe(
      '/1.0/networks?project=default&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
  });

  it('reads one network with its ETag and a member view with target', async () => {
    const calls = mockLxd(() => ({
      body: { type: 'sync', metadata: { name: 'br0', type: 'bridge', config: { mtu: '1500' } } },
      etag: '"abc"',
    }));
    const network = await fetchNetwork('default', 'br0', { target: 'node1' });
    expect(calls[0]?.url).toBe('/1.0/networks/br0?project=default&target=node1');
    expect(network.etag).toBe('"abc"');
  });

  it('checks a name: 404 means free (spec §7)', async () => {
    const calls = mockLxd((call) =>
      call.url.includes('free') ? error(404, 'Network not found') : undefined,
    );
    expect(await networkNameExists('default', 'free')).toBe(false);
    expect(await networkNameExists('default', 'taken')).toBe(true);
    expect(calls.map((c) => c.url)).toEqual([
      '/1.0/networks/free?project=default',
      '/1.0/networks/taken?project=default',
    ]);
  });

  it('turns ACL URLs into names', async () => {
    mockLxd(() => ({
      body: {
        type: 'sync',
        metadata: ['/1.0/network-acls/web?project=p1', '/1.0/network-acls/a%20b'],
      },
    }));
    expect(await fetchNetworkAclNames('p1')).toEqual(['web', 'a b']);
  });
});

describe('network writes', () => {
  it('creates, renames and deletes in the project', async () => {
    const calls = mockLxd();
    await createNetwork('p1', { name: 'br0', type: 'bridge', description: '', config: {} });
    await renameNetwork('p1', 'br0', 'br1');
    await deleteNetwork('p1', 'br1');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/networks?project=p1',
      'POST /1.0/networks/br0?project=p1',
      'DELETE /1.0/networks/br1?project=p1',
    ]);
    expect(calls[1]?.body).toEqual({ name: 'br1' });
  });

  it('waits for an operation when the answer is asynchronous', async () => {
    const calls = mockLxd((call) =>
      call.url.includes('/wait')
        ? { body: { type: 'sync', metadata: { id: 'op1', status: 'Success', err: '' } } }
        : {
            status: 202,
            body: { type: 'async', operation: '/1.0/operations/op1', metadata: { id: 'op1' } },
          },
    );
    await deleteNetwork('default', 'br0');
    expect(calls[1]?.url).toBe('/1.0/operations/op1/wait?project=default&timeout=-1');
  });

  it('updates with PUT and If-Match; a 412 is thrown', async () => {
    const calls = mockLxd(() => error(412, 'ETag mismatch'));
    await expect(
      updateNetwork('default', 'br0', { description: 'd', config: {} }, '"e1"'),
    ).rejects.toMatchObject({ status: 412 });
    expect(calls[0]).toMatchObject({ method: 'PUT', ifMatch: '"e1"' });
  });
});

describe('clustered writes (spec §7)', () => {
  it('knows the member-specific keys', () => {
    expect(isNetworkMemberKey('parent')).toBe(true);
    expect(isNetworkMemberKey('bridge.external_interfaces')).toBe(true);
    expect(isNetworkMemberKey('bgp.ipv4.nexthop')).toBe(true);
    expect(isNetworkMemberKey('ipv4.address')).toBe(false);
  });

  it('creates member by member with target, then the shared config without member keys', async () => {
    const calls = mockLxd();
    await createClusteredNetwork(
      'default',
      {
        name: 'mv0',
        type: 'macvlan',
        description: 'uplink',
        config: { parent: 'eth0', mtu: '1500' },
      },
      [
        { member: 'node1', config: { parent: 'eth0' } },
        { member: 'node2', config: { parent: 'eth1' } },
      ],
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/networks?project=default&target=node1',
      'POST /1.0/networks?project=default&target=node2',
      'POST /1.0/networks?project=default',
    ]);
    expect(calls[0]?.body).toEqual({ name: 'mv0', type: 'macvlan', config: { parent: 'eth0' } });
    expect(calls[1]?.body).toEqual({ name: 'mv0', type: 'macvlan', config: { parent: 'eth1' } });
    expect(calls[2]?.body).toEqual({
      name: 'mv0',
      type: 'macvlan',
      description: 'uplink',
      config: { mtu: '1500' },
    });
  });

  it('creates OVN networks with the shared call only', async () => {
    const calls = mockLxd();
    await createClusteredNetwork(
      'default',
      { name: 'o1', type: 'ovn', description: '', config: { network: 'up' } },
      [{ member: 'node1', config: {} }],
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/networks?project=default',
    ]);
  });

  it('stops at a failing member with the spec message and sends nothing more', async () => {
    const calls = mockLxd((call) =>
      call.url.includes('target=node2') ? error(400, 'Parent interface not found') : undefined,
    );
    await expect(
      createClusteredNetwork(
        'default',
        { name: 'mv0', type: 'macvlan', description: '', config: {} },
        [
          { member: 'node1', config: { parent: 'eth0' } },
          { member: 'node2', config: { parent: 'eth9' } },
          { member: 'node3', config: { parent: 'eth0' } },
        ],
      ),
    ).rejects.toThrow('Error from cluster member node2: Parent interface not found');
    expect(calls).toHaveLength(2);
  });

  it('updates members with PATCH and target, then PUTs the shared config with If-Match', async () => {
    const calls = mockLxd();
    await updateClusteredNetwork(
      'default',
      'br0',
      {
        description: 'd',
        config: { 'ipv4.address': '10.0.0.1/24', 'bridge.external_interfaces': 'eth1' },
      },
      [
        { member: 'node1', config: { 'bridge.external_interfaces': 'eth1' } },
        { member: 'node2', config: { 'bridge.external_interfaces': '' } },
      ],
      '"e1"',
    );
    expect(calls.map((c) => `${c.method} ${c.url} ${c.ifMatch ?? '-'}`)).toEqual([
      'PATCH /1.0/networks/br0?project=default&target=node1 -',
      'PATCH /1.0/networks/br0?project=default&target=node2 -',
      'PUT /1.0/networks/br0?project=default "e1"',
    ]);
    expect(calls[1]?.body).toEqual({
      description: 'd',
      config: { 'bridge.external_interfaces': '' },
    });
    expect(calls[2]?.body).toEqual({ description: 'd', config: { 'ipv4.address': '10.0.0.1/24' } });
  });
});
