import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLoadBalancer,
  deleteLoadBalancer,
  fetchLoadBalancer,
  fetchLoadBalancers,
  updateLoadBalancer,
} from './network-load-balancers';

function fakeFetch(answer: () => [number, unknown, Record<string, string>?]) {
  const calls: { url: string; method: string; body: unknown; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: new Headers(init.headers),
      });
      const [status, body, headers] = answer();
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers }));
    }),
  );
  return calls;
}

const sync = (metadata: unknown) => ({ type: 'sync', status_code: 200, metadata });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('network load balancer calls', () => {
  it('lists with recursion=1 and reads one with its ETag', async () => {
    const calls = fakeFetch(() => [200, sync([]), { ETag: '"l1"' }]);
    await expect(fetchLoadBalancers('p', 'ovn1')).resolves.toEqual([]);
    await expect(fetchLoadBalancer('p', 'ovn1', '192.0.2.1')).resolves.toMatchObject({
      etag: '"l1"',
    });
    expect(calls.map((c) => c.url)).toEqual([
      '/1.0/networks/ovn1/load-balancers?project=p&recursion=1',
      '/1.0/networks/ovn1/load-balancers/192.0.2.1?project=p',
    ]);
  });

  it('creates, updates with If-Match and deletes; an operation answer is awaited', async () => {
    let n = 0;
    const calls = fakeFetch(() => {
      n += 1;
      if (n === 1) return [202, { type: 'async', operation: '/1.0/operations/o1', metadata: {} }];
      if (n === 2) return [200, sync({ id: 'o1', status: 'Success', err: '' })];
      return [200, sync({})];
    });
    const put = { description: '', config: {}, backends: [], ports: [] };
    await createLoadBalancer('p', 'ovn1', { listen_address: '192.0.2.1', ...put });
    await updateLoadBalancer('p', 'ovn1', '192.0.2.1', put, '"l1"');
    await deleteLoadBalancer('p', 'ovn1', '192.0.2.1');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/networks/ovn1/load-balancers?project=p',
      'GET /1.0/operations/o1/wait?project=p&timeout=-1',
      'PUT /1.0/networks/ovn1/load-balancers/192.0.2.1?project=p',
      'DELETE /1.0/networks/ovn1/load-balancers/192.0.2.1?project=p',
    ]);
    expect(calls[2]?.headers.get('If-Match')).toBe('"l1"');
  });
});
