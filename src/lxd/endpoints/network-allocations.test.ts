import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchNetworkAllocations } from './network-allocations';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(metadata: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      return Promise.resolve(
        new Response(JSON.stringify({ type: 'sync', status: 'Success', metadata })),
      );
    }),
  );
  return calls;
}

describe('fetchNetworkAllocations', () => {
  it('asks for the project and returns the allocations as LXD sends them', async () => {
    const allocation = {
      addresses: '10.0.0.5/32',
      type: 'instance',
      used_by: '/1.0/instances/c1?project=web',
      nat: true,
      hwaddr: '00:16:3e:00:00:01',
      network: 'br0',
    };
    const calls = answer([allocation]);
    await expect(fetchNetworkAllocations('web')).resolves.toEqual([allocation]);
    expect(calls).toEqual(['/1.0/network-allocations?project=web']);
  });

  it('reads a null list as empty', async () => {
    answer(null);
    await expect(fetchNetworkAllocations('default')).resolves.toEqual([]);
  });
});
