import { afterEach, describe, expect, it, vi } from 'vitest';
import { nameExists } from './names';

function mockFetch(status: number, body: unknown) {
  const urls: string[] = [];
  const signals: (AbortSignal | null | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      urls.push(url);
      signals.push(init.signal);
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
  return { urls, signals };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('name check (spec §7)', () => {
  it('asks GET /1.0/{collection}/{name}?project and reports a found name as taken', async () => {
    const { urls } = mockFetch(200, { type: 'sync', status_code: 200, metadata: {} });
    await expect(nameExists('storage-pools', 'pool 1', { project: 'p' })).resolves.toBe(true);
    expect(urls).toEqual(['/1.0/storage-pools/pool%201?project=p']);
  });

  it('reads a 404 as a free name', async () => {
    mockFetch(404, { type: 'error', error_code: 404, error: 'Storage pool not found' });
    await expect(nameExists('storage-pools', 'free')).resolves.toBe(false);
  });

  it('throws other errors with the server text', async () => {
    mockFetch(403, { type: 'error', error_code: 403, error: 'not authorized' });
    await expect(nameExists('instances', 'x', { project: 'p' })).rejects.toThrow('not authorized');
  });

  it('passes the abort signal on', async () => {
    const { signals } = mockFetch(404, { type: 'error', error_code: 404, error: 'nope' });
    const controller = new AbortController();
    await nameExists('instances', 'x', { signal: controller.signal });
    expect(signals[0]).toBe(controller.signal);
  });
});
