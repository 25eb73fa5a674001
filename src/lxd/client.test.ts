import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LxdApiError,
  buildUrl,
  del,
  get,
  getWithEtag,
  isEtagConflict,
  isNotFound,
  patch,
  post,
  put,
  request,
} from './client';

interface Call {
  url: string;
  init: RequestInit;
}

function mockFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Call[] = [];
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(text, { status, headers }));
    }),
  );
  return calls;
}

function sentHeaders(call: Call | undefined): Headers {
  return new Headers(call?.init.headers);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('keeps relative /1.0 URLs', () => {
    expect(buildUrl('/1.0/instances')).toBe('/1.0/instances');
  });

  it('adds project, target and recursion parameters', () => {
    expect(buildUrl('/1.0/instances', { project: 'p1', target: 'node1', recursion: 2 })).toBe(
      '/1.0/instances?project=p1&target=node1&recursion=2',
    );
  });

  it('leaves out undefined parameters and keeps existing ones', () => {
    expect(
      buildUrl('/1.0/images?all-projects=1', {
        project: undefined,
        params: { filter: undefined, 'with-access-entitlements': 'can_delete' },
      }),
    ).toBe('/1.0/images?all-projects=1&with-access-entitlements=can_delete');
  });

  it('encodes parameter values', () => {
    expect(buildUrl('/1.0/instances', { project: 'a b&c' })).toBe('/1.0/instances?project=a+b%26c');
  });

  it('refuses absolute URLs', () => {
    expect(() => buildUrl('https://evil.example/1.0')).toThrow(/relative/);
  });
});

describe('request', () => {
  it('reads the payload from metadata', async () => {
    mockFetch(200, { type: 'sync', status_code: 200, metadata: { auth: 'trusted' } });
    await expect(get('/1.0')).resolves.toEqual({ auth: 'trusted' });
  });

  it('treats every status from 200 to 299 as success', async () => {
    mockFetch(201, { type: 'sync', status_code: 200, metadata: {} });
    await expect(post('/1.0/certificates', { password: 't' })).resolves.toMatchObject({
      status: 201,
    });
    mockFetch(299, { type: 'sync', metadata: null });
    await expect(get('/1.0')).resolves.toBeNull();
  });

  it("throws the answer's error field for other statuses", async () => {
    mockFetch(404, { type: 'error', error: 'Instance not found', error_code: 404 });
    const error = await get('/1.0/instances/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LxdApiError);
    expect((error as LxdApiError).message).toBe('Instance not found');
    expect((error as LxdApiError).status).toBe(404);
    expect(isNotFound(error)).toBe(true);
  });

  it('treats 300 and 199 as failures', async () => {
    mockFetch(300, { error: 'Multiple choices' });
    await expect(get('/1.0')).rejects.toThrow('Multiple choices');
  });

  it('falls back to the status text when the body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
        ),
      ),
    );
    await expect(get('/1.0')).rejects.toThrow('Bad Gateway');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const calls = mockFetch(200, { type: 'sync', metadata: {} });
    await patch('/1.0', { config: { 'user.ui_title': 'Lab' } });
    expect(calls[0]?.init.method).toBe('PATCH');
    expect(calls[0]?.init.body).toBe('{"config":{"user.ui_title":"Lab"}}');
    expect(sentHeaders(calls[0]).get('Content-Type')).toBe('application/json');
  });

  it('sends binary bodies as octet-stream', async () => {
    const calls = mockFetch(202, { type: 'async', operation: '/1.0/operations/abc', metadata: {} });
    const file = new Blob([new Uint8Array([1, 2, 3])]);
    await request('/1.0/images', { method: 'POST', body: file, project: 'p' });
    expect(sentHeaders(calls[0]).get('Content-Type')).toBe('application/octet-stream');
    expect(calls[0]?.init.body).toBe(file);
  });

  it('returns the ETag of a GET and sends it as If-Match on PUT', async () => {
    mockFetch(200, { type: 'sync', metadata: { name: 'default', config: {} } }, { ETag: '"abc"' });
    const profile = await getWithEtag<{ name: string }>('/1.0/profiles/default');
    expect(profile.etag).toBe('"abc"');
    const calls = mockFetch(200, { type: 'sync', metadata: {} });
    await put('/1.0/profiles/default', { config: {} }, { etag: profile.etag });
    expect(calls[0]?.init.method).toBe('PUT');
    expect(sentHeaders(calls[0]).get('If-Match')).toBe('"abc"');
  });

  it('recognises an etag conflict', async () => {
    mockFetch(412, { type: 'error', error: 'ETag does not match', error_code: 412 });
    const error = await put('/1.0/profiles/default', {}, { etag: 'x' }).catch((e: unknown) => e);
    expect(isEtagConflict(error)).toBe(true);
  });

  it('returns the operation of asynchronous answers', async () => {
    mockFetch(202, { type: 'async', operation: '/1.0/operations/op1', metadata: { id: 'op1' } });
    const result = await del('/1.0/images/abc', { project: 'default' });
    expect(result.type).toBe('async');
    expect(result.operation).toBe('/1.0/operations/op1');
  });

  it('sets no timeout: only an explicit signal aborts', async () => {
    const calls = mockFetch(200, { type: 'sync', metadata: {} });
    await get('/1.0');
    expect(calls[0]?.init.signal).toBeUndefined();
    const controller = new AbortController();
    await get('/1.0', { signal: controller.signal });
    expect(calls[1]?.init.signal).toBe(controller.signal);
  });
});
