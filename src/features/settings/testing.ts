/** A tiny in-memory stand-in for LXD's /1.0 config endpoints, for unit and component tests. */
import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  ifMatch: string | null;
}

export function fakeServerConfig(initial: Record<string, string | boolean>, extra: object = {}) {
  const state = { config: { ...initial }, version: 1 };
  const calls: FakeCall[] = [];
  const etag = () => `"v${state.version}"`;
  const json = (status: number, body: object, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  const handler = vi.fn(async (input: string, init: RequestInit = {}) => {
    await Promise.resolve();
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body, ifMatch: headers.get('If-Match') });
    const path = input.split('?')[0];
    if (path !== '/1.0') return json(404, { type: 'error', error: 'not found', error_code: 404 });
    if (method === 'GET') {
      return json(
        200,
        {
          type: 'sync',
          metadata: {
            api_extensions: [],
            auth: 'trusted',
            config: state.config,
            environment: { server_version: '5.0.2', server_name: 'vm' },
            ...extra,
          },
        },
        { ETag: etag() },
      );
    }
    const config = (body as { config: Record<string, string | boolean> }).config;
    if (method === 'PATCH') {
      const merged = { ...state.config, ...config };
      state.config = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== ''));
    }
    state.version += 1;
    return json(200, { type: 'sync', metadata: {} });
  });
  vi.stubGlobal('fetch', handler);
  return {
    state,
    calls,
    /** Someone else's change, between this client's calls. */
    externalChange(key: string, value: string) {
      state.config[key] = value;
      state.version += 1;
    },
  };
}
