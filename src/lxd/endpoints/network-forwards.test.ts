import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createNetworkForward,
  deleteNetworkForward,
  fetchInstancesWithState,
  fetchNetworkForward,
  fetchNetworkForwards,
  updateNetworkForward,
} from './network-forwards';

function fakeFetch(answer: (url: string) => [number, unknown, Record<string, string>?]) {
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
      const [status, body, headers] = answer(url);
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers }));
    }),
  );
  return calls;
}

const sync = (metadata: unknown) => ({ type: 'sync', status_code: 200, metadata });

afterEach(() => {
  vi.unstubAllGlobals();
});

const forward = {
  listen_address: '10.0.0.1',
  description: '',
  config: { target_address: '10.0.0.5' },
  ports: [],
  location: 'none',
};

describe('network forward calls', () => {
  it('lists a network’s forwards with recursion=1 (null is no forwards)', async () => {
    const calls = fakeFetch(() => [200, sync([forward])]);
    await expect(fetchNetworkForwards('p', 'br 0')).resolves.toEqual([forward]);
    expect(calls[0]?.url).toBe('/1.0/networks/br%200/forwards?project=p&recursion=1');
    fakeFetch(() => [200, sync(null)]);
    await expect(fetchNetworkForwards('p', 'br0')).resolves.toEqual([]);
  });

  it('reads one forward with its ETag, on a member when asked', async () => {
    const calls = fakeFetch(() => [200, sync(forward), { ETag: '"f1"' }]);
    await expect(
      fetchNetworkForward('p', 'br0', 'fd42::1', { target: 'm1' }),
    ).resolves.toMatchObject({ etag: '"f1"', listen_address: '10.0.0.1' });
    expect(calls[0]?.url).toBe('/1.0/networks/br0/forwards/fd42%3A%3A1?project=p&target=m1');
  });

  it('creates, updates with If-Match and deletes, with the member as target', async () => {
    const calls = fakeFetch(() => [200, sync({})]);
    const put = { description: '', config: {}, ports: [] };
    await createNetworkForward('p', 'br0', { listen_address: '10.0.0.1', ...put });
    await updateNetworkForward('p', 'br0', '10.0.0.1', put, '"f1"', 'm1');
    await deleteNetworkForward('p', 'br0', '10.0.0.1', 'm1');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/networks/br0/forwards?project=p',
      'PUT /1.0/networks/br0/forwards/10.0.0.1?project=p&target=m1',
      'DELETE /1.0/networks/br0/forwards/10.0.0.1?project=p&target=m1',
    ]);
    expect(calls[0]?.body).toEqual({ listen_address: '10.0.0.1', ...put });
    expect(calls[1]?.headers.get('If-Match')).toBe('"f1"');
  });

  it('asks for the project’s instances with their state (recursion=2)', async () => {
    const calls = fakeFetch(() => [200, sync([{ name: 'c1' }])]);
    await expect(fetchInstancesWithState('p')).resolves.toEqual([{ name: 'c1' }]);
    expect(calls[0]?.url).toBe('/1.0/instances?project=p&recursion=2');
  });
});
