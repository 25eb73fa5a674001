/**
 * One console server in front of several remotes (--remotes): the default one at /1.0 and at
 * /remote/local/1.0, the others at /remote/<name>/…, with the prefix taken off before the
 * request reaches them; a remote that fails its start-up check is one line on stderr and the
 * server starts all the same; GET /console/remotes says how each is; and an instance list's page
 * of a remote carries that remote's answers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createConsoleServer, type ConsoleServer } from './app';
import { documentationCsp } from './documentation';
import { startFakeRemote, type FakeRemote } from './testing/fake-remote';
import { rawRequest, tempDir } from './testing/fixtures';

const tmp = tempDir('console-remotes-proxy-');
const ui = path.join(tmp.dir, 'ui');
const missing = path.join(tmp.dir, 'down.socket');
let local: FakeRemote;
let incus: FakeRemote;
let stranger: FakeRemote;
let server: ConsoleServer;
let base = '';
let remoteNames: string[] = [];
const startLines: string[] = [];

beforeAll(async () => {
  mkdirSync(ui, { recursive: true });
  // A page with a script: the instance list's answers go in just before it.
  writeFileSync(
    path.join(ui, 'index.html'),
    '<!doctype html><head><meta charset="UTF-8" /><script>early()</script></head><div id="root"></div>',
  );
  local = await startFakeRemote({ name: 'local', socket: path.join(tmp.dir, 'local.socket') });
  incus = await startFakeRemote({
    name: 'incus',
    socket: path.join(tmp.dir, 'incus.socket'),
    environment: { server: 'incus', server_version: '6.0.1', server_clustered: true },
  });
  stranger = await startFakeRemote({
    name: 'stranger',
    socket: path.join(tmp.dir, 'stranger.socket'),
    auth: 'untrusted',
  });
  const remotes = path.join(tmp.dir, 'remotes.json');
  writeFileSync(
    remotes,
    JSON.stringify({
      remotes: {
        incus: { socket: 'incus.socket' },
        down: { socket: 'down.socket' },
        stranger: { socket: 'stranger.socket' },
      },
    }),
  );
  server = createConsoleServer({
    uiDir: ui,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: local.address },
    remotes,
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    startLines.push(String(chunk));
    return true;
  });
  try {
    const started = await server.listen();
    base = started.url.replace(/\/ui\/$/, '');
    remoteNames = started.remotes;
  } finally {
    stderr.mockRestore();
  }
});

afterAll(async () => {
  await server.close();
  await Promise.all([local.close(), incus.close(), stranger.close()]);
  tmp.remove();
});

function json(body: string): unknown {
  return JSON.parse(body) as unknown;
}

function firstMessage(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${target}`);
    ws.once('message', (data: Buffer) => {
      ws.close();
      resolve(data.toString('utf8'));
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode ?? 0}`)));
    ws.once('error', reject);
  });
}

describe('start-up', () => {
  it('says in one line each which other remote failed, and starts with all of them', () => {
    expect(startLines).toEqual([
      `console server: remote "down": cannot reach LXD: there is no unix socket at ${missing}\n`,
      `console server: remote "stranger": LXD at ${stranger.address} does not trust this user on its unix socket (auth: untrusted)\n`,
    ]);
    expect(remoteNames).toEqual(['local', 'incus', 'down', 'stranger']);
  });
});

describe('requests to the remotes', () => {
  it('sends /1.0 and /remote/local/1.0 to the default remote', async () => {
    local.seen.length = 0;
    const plain = await rawRequest(base, '/1.0/instances?project=a');
    const named = await rawRequest(base, '/remote/local/1.0/instances?project=b');
    expect(json(plain.body)).toMatchObject({ metadata: { remote: 'local' } });
    expect(json(named.body)).toMatchObject({ metadata: { remote: 'local' } });
    expect(local.seen).toEqual(['GET /1.0/instances?project=a', 'GET /1.0/instances?project=b']);
  });

  it('sends /remote/<name>/… to that remote without the prefix, bodies included', async () => {
    incus.seen.length = 0;
    const res = await rawRequest(base, '/remote/incus/1.0/instances/c%201?project=p', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        origin: base,
        'sec-fetch-site': 'same-origin',
      },
      body: '{"config":{}}',
    });
    expect(res.status).toBe(200);
    expect(json(res.body)).toMatchObject({
      metadata: { remote: 'incus', method: 'PUT', url: '/1.0/instances/c%201?project=p' },
    });
    expect(await rawRequest(base, '/remote/inc%75s/1.0')).toMatchObject({ status: 200 });
    expect(incus.seen).toEqual(['PUT /1.0/instances/c%201?project=p']);
  });

  it("gives another remote's documentation its own policy", async () => {
    const res = await rawRequest(base, '/remote/incus/documentation/');
    expect(res.body).toContain('documentation of incus');
    expect(res.headers['content-security-policy']).toBe(documentationCsp());
    expect(incus.seen.at(-1)).toBe('GET /documentation/');
  });

  it('refuses a cross-site request to another remote, as for /1.0', async () => {
    const res = await rawRequest(base, '/remote/incus/1.0/instances', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(json(res.body)).toMatchObject({ error: 'console server: cross-site request refused' });
  });

  it('answers 404 in JSON for a remote that does not exist', async () => {
    const res = await rawRequest(base, '/remote/nope/1.0/instances', {
      method: 'POST',
      body: '{}',
    });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(json(res.body)).toMatchObject({
      type: 'error',
      error_code: 404,
      error: 'console server: there is no remote "nope"',
    });
    await expect(firstMessage('/remote/nope/1.0/events')).rejects.toThrow('HTTP 404');
  });

  it('answers 502 for a remote that cannot be reached', async () => {
    const res = await rawRequest(base, '/remote/down/1.0');
    expect(res.status).toBe(502);
    expect((json(res.body) as { error: string }).error).toMatch(
      new RegExp(`^console server: LXD at ${missing} is unreachable`),
    );
  });

  it('proxies websockets to the right remote, without the prefix', async () => {
    expect(await firstMessage('/remote/incus/1.0/events?type=lifecycle')).toBe(
      'incus /1.0/events?type=lifecycle',
    );
    expect(await firstMessage('/1.0/events')).toBe('local /1.0/events');
    expect(await firstMessage('/remote/local/1.0/events')).toBe('local /1.0/events');
  });
});

describe('GET /console/remotes', () => {
  const expected = () => ({
    remotes: [
      {
        name: 'local',
        default: true,
        url: `unix:${local.address}`,
        state: 'online',
        kind: 'lxd',
        version: '5.0.2',
        clustered: false,
      },
      {
        name: 'incus',
        default: false,
        url: `unix:${incus.address}`,
        state: 'online',
        kind: 'incus',
        version: '6.0.1',
        clustered: true,
      },
      {
        name: 'down',
        default: false,
        url: `unix:${missing}`,
        state: 'unreachable',
        kind: null,
        version: null,
        clustered: null,
        error: `cannot reach LXD: there is no unix socket at ${missing}`,
      },
      {
        name: 'stranger',
        default: false,
        url: `unix:${stranger.address}`,
        state: 'untrusted',
        kind: null,
        version: null,
        clustered: null,
        error: `LXD at ${stranger.address} does not trust this user on its unix socket (auth: untrusted)`,
      },
    ],
  });

  it('lists every remote in order with its state, and asks each once for callers at once', async () => {
    const before = [local.probes(), incus.probes(), stranger.probes()];
    const answers = await Promise.all([1, 2, 3].map(() => rawRequest(base, '/console/remotes')));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(json(res.body)).toEqual(expected());
    }
    expect([local.probes(), incus.probes(), stranger.probes()]).toEqual(before.map((n) => n + 1));
    // Within the next seconds the answers come from the cache.
    expect(json((await rawRequest(base, '/console/remotes')).body)).toEqual(expected());
    expect([local.probes(), incus.probes(), stranger.probes()]).toEqual(before.map((n) => n + 1));
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await rawRequest(base, '/console/remotes', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const post = await rawRequest(base, '/console/remotes', { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(json(post.body)).toMatchObject({ error_code: 405, error: 'method not allowed' });
  });
});

describe("an instance list's page of a remote", () => {
  const dataOf = (body: string): unknown => {
    const match = /<script type="application\/json" id="lxd-early-data">(.*?)<\/script>/.exec(body);
    return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
  };

  it("holds that remote's answers, under the URL the page asks through", async () => {
    const res = await rawRequest(base, '/ui/remote/incus/project/default/instances');
    expect(res.status).toBe(200);
    expect(dataOf(res.body)).toEqual({
      '/remote/incus/1.0/instances?project=default&recursion=0': {
        body: '{"type":"sync","metadata":["/1.0/instances/incus-c1"]}',
        etag: '"incus"',
      },
    });
    const mine = await rawRequest(base, '/ui/project/default/instances');
    expect(dataOf(mine.body)).toEqual({
      '/1.0/instances?project=default&recursion=0': {
        body: '{"type":"sync","metadata":["/1.0/instances/local-c1"]}',
        etag: '"local"',
      },
    });
  });

  it('is a page like any other otherwise, for an unknown or unreachable remote too', async () => {
    for (const target of [
      '/ui/remote/incus/project/default/profiles',
      '/ui/remote/nope/project/default/instances',
      '/ui/remote/down/project/default/instances',
      '/ui/remote/incus',
    ]) {
      const res = await rawRequest(base, target);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(dataOf(res.body)).toBeUndefined();
    }
  });
});
