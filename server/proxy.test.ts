import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createConsoleServer, type ConsoleServer } from './app';
import {
  NOT_FOUND_BODY,
  rawRequest,
  startFakeLxd,
  tempDir,
  writeUiBuild,
  type FakeLxd,
} from './testing/fixtures';

const tmp = tempDir('console-proxy-');
let lxd: FakeLxd;
let server: ConsoleServer;
let base: string;
let wsBase: string;

beforeAll(async () => {
  const ui = writeUiBuild(tmp.dir);
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  server = createConsoleServer({
    uiDir: ui,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: lxd.socket },
  });
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
  wsBase = base.replace(/^http/, 'ws');
});

afterAll(async () => {
  await server.close();
  await lxd.close();
  tmp.remove();
});

function openWs(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode ?? 0}`)));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<string> {
  return new Promise((resolve) =>
    ws.once('message', (data: Buffer) => resolve(data.toString('utf8'))),
  );
}

describe('proxy to LXD', () => {
  it('forwards GET /1.0', async () => {
    const res = await rawRequest(base, '/1.0');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ metadata: { auth: 'trusted' } });
  });

  it("passes LXD's error status and body through unchanged", async () => {
    const res = await rawRequest(base, '/1.0/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toBe(NOT_FOUND_BODY);
  });

  it('makes a browser request look same-origin to LXD', async () => {
    await rawRequest(base, '/1.0/instances', {
      headers: { origin: base, 'sec-fetch-site': 'same-origin', referer: `${base}/ui/` },
    });
    const seen = lxd.lastHeaders();
    expect(seen.host).toBe('unix.socket');
    expect(seen.origin).toBe('http://unix.socket');
    expect(seen['sec-fetch-site']).toBe('same-origin');
    expect(seen.referer).toBeUndefined();
    expect(seen['x-forwarded-for']).toBeUndefined();
  });

  it('adds no Origin when the client sent none', async () => {
    await rawRequest(base, '/1.0/instances');
    expect(lxd.lastHeaders().origin).toBeUndefined();
  });

  it('streams a request body to LXD', async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 7);
    const res = await rawRequest(base, '/1.0/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    expect(JSON.parse(res.body)).toMatchObject({ metadata: { bytes: body.length } });
  });

  it.each([
    [{ 'sec-fetch-site': 'cross-site' }, 'cross-site request refused'],
    [{ 'sec-fetch-site': 'same-site' }, 'same-site request refused'],
    [{ origin: 'https://evil.example' }, 'Origin "https://evil.example" refused'],
    [{ origin: 'null' }, 'Origin "null" refused'],
    [{ host: 'evil.example:8407' }, 'Host "evil.example:8407" is not a loopback name'],
  ])('refuses a cross-site browser request %j with 403', async (headers, reason) => {
    const res = await rawRequest(base, '/1.0', { method: 'POST', headers, body: '{}' });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({
      type: 'error',
      error_code: 403,
      error: `console server: ${reason}`,
    });
  });

  it('accepts an Origin of a local dev server on another loopback port', async () => {
    const res = await rawRequest(base, '/1.0', { headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(200);
  });

  it('proxies websockets and rewrites their Origin', async () => {
    const ws = await openWs(`${wsBase}/1.0/events?type=lifecycle`, { Origin: base });
    const reply = nextMessage(ws);
    ws.send('ping');
    expect(await reply).toBe('ping');
    expect(lxd.lastWsHeaders().origin).toBe('http://unix.socket');
    expect(lxd.lastWsHeaders().host).toBe('unix.socket');
    ws.close();
  });

  it('refuses a websocket from another site', async () => {
    await expect(
      openWs(`${wsBase}/1.0/events`, { Origin: 'https://evil.example' }),
    ).rejects.toThrow('HTTP 403');
  });

  it('refuses websockets outside the proxied paths', async () => {
    await expect(openWs(`${wsBase}/ui/`)).rejects.toThrow('HTTP 404');
    await expect(openWs(`${wsBase}/1.0evil`)).rejects.toThrow('HTTP 404');
    await expect(openWs(`${wsBase}/1.0/../x`)).rejects.toThrow();
  });

  it("passes LXD's refusal of a websocket through", async () => {
    await expect(openWs(`${wsBase}/1.0/operations/x/websocket`)).rejects.toThrow('HTTP 404');
  });
});

describe('when LXD goes away', () => {
  it('answers 502 with an LXD-shaped error, and close() ends open websockets', async () => {
    const sub = tempDir('console-proxy-down-');
    const fake = await startFakeLxd(path.join(sub.dir, 'lxd.socket'));
    const second = createConsoleServer({
      uiDir: writeUiBuild(sub.dir),
      host: '127.0.0.1',
      port: 0,
      lxd: { kind: 'socket', path: fake.socket },
    });
    const url = (await second.listen()).url.replace(/\/ui\/$/, '');
    const ws = await openWs(`${url.replace(/^http/, 'ws')}/1.0/events`);
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    await second.close();
    await closed;

    const third = createConsoleServer({
      uiDir: path.join(sub.dir, 'ui'),
      host: '127.0.0.1',
      port: 0,
      lxd: { kind: 'socket', path: fake.socket },
    });
    const thirdUrl = (await third.listen()).url.replace(/\/ui\/$/, '');
    const live = await openWs(`${thirdUrl.replace(/^http/, 'ws')}/1.0/events`);
    const liveClosed = new Promise<void>((resolve) => live.once('close', () => resolve()));
    let garbage = '';
    live.on('message', (data: Buffer) => (garbage += data.toString()));
    await fake.close();
    await liveClosed;
    expect(garbage).toBe('');
    const res = await rawRequest(thirdUrl, '/1.0');
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body)).toMatchObject({ type: 'error', error_code: 502 });
    expect((JSON.parse(res.body) as { error: string }).error).toMatch(
      /^console server: LXD at .* is unreachable/,
    );
    await third.close();
    sub.remove();
  });
});
