import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTagChange } from './api';

interface Sent {
  method: string;
  url: string;
  ifMatch: string | null;
  body: unknown;
}

/**
 * A stand-in for LXD's instance endpoint: GET answers the config with an ETag; PATCH merges
 * the body's config keys (as LXD does) when If-Match matches, 412 otherwise. `interfere` changes
 * the instance between a GET and the next PATCH, as another client would.
 */
function fakeLxd(config: Record<string, string>, interfere = 0) {
  const sent: Sent[] = [];
  let version = 1;
  let interferences = interfere;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      const method = init.method ?? 'GET';
      sent.push({ method, url, ifMatch: headers.get('If-Match'), body });
      const json = (status: number, payload: unknown, extra: Record<string, string> = {}) =>
        Promise.resolve(new Response(JSON.stringify(payload), { status, headers: extra }));
      if (method === 'GET') {
        const answer = json(
          200,
          { type: 'sync', metadata: { name: 'web1', project: 'p', config: { ...config } } },
          { ETag: `"v${String(version)}"` },
        );
        if (interferences > 0) {
          interferences -= 1;
          config['user.other'] = 'changed';
          version += 1;
        }
        return answer;
      }
      if (headers.get('If-Match') !== `"v${String(version)}"`) {
        return json(412, { type: 'error', error: 'ETag does not match', error_code: 412 });
      }
      Object.assign(config, (body as { config: Record<string, string> }).config);
      version += 1;
      return json(200, { type: 'sync', metadata: {} });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('applyTagChange', () => {
  it('PATCHes user.tags alone, with the ETag it read, and keeps the other keys', async () => {
    const config = { 'user.tags': 'db', 'limits.cpu': '2', 'user.team': 'blue' };
    const sent = fakeLxd(config);
    const tags = await applyTagChange({ name: 'web1', project: 'p' }, { add: ['web'], remove: [] });
    expect(tags).toEqual(['db', 'web']);
    const write = sent.find((call) => call.method === 'PATCH');
    expect(write?.url).toBe('/1.0/instances/web1?project=p');
    expect(write?.ifMatch).toBe('"v1"');
    expect(write?.body).toEqual({ config: { 'user.tags': 'db,web' } });
    expect(config).toEqual({ 'user.tags': 'db,web', 'limits.cpu': '2', 'user.team': 'blue' });
  });

  it('sends nothing when the tags would not change', async () => {
    const sent = fakeLxd({ 'user.tags': 'web' });
    await applyTagChange({ name: 'web1', project: 'p' }, { add: ['web'], remove: ['absent'] });
    expect(sent.map((call) => call.method)).toEqual(['GET']);
  });

  it('reads again and retries when the instance changed between the read and the write', async () => {
    const config: Record<string, string> = { 'user.tags': 'web' };
    const sent = fakeLxd(config, 1);
    await applyTagChange({ name: 'web1', project: 'p' }, { add: [], remove: ['web'] });
    expect(sent.map((call) => call.method)).toEqual(['GET', 'PATCH', 'GET', 'PATCH']);
    expect(config).toEqual({ 'user.tags': '', 'user.other': 'changed' });
  });

  it('gives up with LXD message after three conflicts', async () => {
    fakeLxd({ 'user.tags': '' }, 5);
    await expect(
      applyTagChange({ name: 'web1', project: 'p' }, { add: ['x'], remove: [] }),
    ).rejects.toThrow('ETag does not match');
  });
});
