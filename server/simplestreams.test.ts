import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import {
  NOT_SIMPLESTREAMS,
  SIMPLESTREAMS_HEADER,
  UNREACHABLE,
  checkSimplestreamsUrl,
  createSimplestreamsHandler,
} from './simplestreams';
import { rawRequest, startFakeLxd, tempDir, writeUiBuild, type FakeLxd } from './testing/fixtures';

const INDEX = { format: 'index:1.0', index: {} };

/** A fake image server; records what it is asked, with the headers it gets. */
let upstream: http.Server;
let upstreamBase = '';
let asked: { url: string; headers: http.IncomingHttpHeaders }[] = [];

/** A second server on another port: "another host" for redirects. */
let other: http.Server;
let otherBase = '';

/** The handler alone, with a small size limit and a short time limit. */
let small: http.Server;
let smallBase = '';

/** A port nothing listens on. */
let closedPort = 0;

/** What the handlers log (the detail of a refusal or failure). */
let logged: string[] = [];
const log = (line: string) => logged.push(line);

/** The image servers here listen on 127.0.0.1, which is refused unless allowed. */
function hostPort(base: string): string {
  return new URL(base).host;
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${String((server.address() as AddressInfo).port)}`);
    }),
  );
}

const tmp = tempDir('console-simplestreams-');
let lxd: FakeLxd;
let consoleServer: ConsoleServer;
let base = '';

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    asked.push({ url: req.url ?? '', headers: req.headers });
    switch (req.url) {
      case '/streams/v1/index.json':
        res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'up=1' });
        res.end(JSON.stringify(INDEX));
        return;
      case '/missing/streams/v1/index.json':
        res.writeHead(404, { 'Content-Type': 'text/html' });
        res.end('<h1>Not Found</h1>');
        return;
      case '/broken/streams/v1/index.json':
        res.writeHead(500);
        res.end('{}');
        return;
      case '/big/streams/v1/images.json':
        res.writeHead(200, { 'Content-Length': 2000 });
        res.end('x'.repeat(2000));
        return;
      case '/chunked/streams/v1/images.json':
        // 600 bytes now, 600 more a moment later: past the limit once the status is sent.
        res.writeHead(200);
        res.write('y'.repeat(600));
        setTimeout(() => res.end('y'.repeat(600)), 100);
        return;
      case '/slow/streams/v1/index.json':
        return; // never answers
      case '/moved/streams/v1/index.json':
        res.writeHead(301, { Location: '/streams/v1/index.json' });
        res.end();
        return;
      case '/away/streams/v1/index.json':
        res.writeHead(302, { Location: `${otherBase}/streams/v1/index.json` });
        res.end();
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
  upstreamBase = await listen(upstream);
  other = http.createServer((req, res) => {
    asked.push({ url: `other:${req.url ?? ''}`, headers: req.headers });
    res.end('{}');
  });
  otherBase = await listen(other);
  const closed = http.createServer();
  await listen(closed);
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const allow = [hostPort(upstreamBase), hostPort(otherBase), `127.0.0.1:${String(closedPort)}`];
  const handler = createSimplestreamsHandler({
    loopbackOnly: true,
    maxBytes: 1000,
    timeoutMs: 300,
    allow,
    log,
  });
  small = http.createServer(handler);
  smallBase = await listen(small);

  const ui = writeUiBuild(tmp.dir);
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  consoleServer = createConsoleServer({
    uiDir: ui,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: lxd.socket },
    simplestreamsAllow: allow,
  });
  base = (await consoleServer.listen()).url.replace(/\/ui\/$/, '');
});

afterAll(async () => {
  await consoleServer.close();
  await lxd.close();
  small.closeAllConnections();
  upstream.closeAllConnections();
  await Promise.all(
    [upstream, other, small].map((s) => new Promise((resolve) => s.close(resolve))),
  );
  tmp.remove();
});

function ask(url: string, from = base, headers: http.OutgoingHttpHeaders = {}) {
  return rawRequest(from, `/console/simplestreams?url=${encodeURIComponent(url)}`, { headers });
}

function lxdError(body: string): unknown {
  return JSON.parse(body);
}

describe('checkSimplestreamsUrl', () => {
  it('takes http(s) URLs of streams/v1/<name>.json only', () => {
    expect(
      checkSimplestreamsUrl(
        'https://cloud-images.ubuntu.com/releases/streams/v1/com.ubuntu.cloud:released:download.json',
      ),
    ).toBeInstanceOf(URL);
    expect(checkSimplestreamsUrl('http://10.0.0.1:8080/streams/v1/index.json#x')).toEqual(
      new URL('http://10.0.0.1:8080/streams/v1/index.json'),
    );
    expect(checkSimplestreamsUrl(null)).toEqual({ refused: 'the url parameter is missing' });
    expect(checkSimplestreamsUrl('/streams/v1/index.json')).toEqual({
      refused: '/streams/v1/index.json is not an absolute URL',
    });
    expect(checkSimplestreamsUrl('file:///streams/v1/index.json')).toEqual({
      refused: 'file: URLs are not fetched; only http and https',
    });
    expect(checkSimplestreamsUrl('https://u:p@host/streams/v1/index.json')).toEqual({
      refused: 'URLs with a user name or password are not fetched',
    });
    for (const url of [
      'https://host/1.0/instances',
      'https://host/streams/v1/index.json/x',
      'https://host/streams/v1/a/b.json',
      'https://host/streams/v2/index.json',
      'https://host/mystreams/v1/index.json',
    ]) {
      expect(checkSimplestreamsUrl(url)).toHaveProperty('refused');
    }
  });
});

describe('GET /console/simplestreams on the console server', () => {
  it('fetches the file and sends it as JSON, with none of the browser’s cookies or headers', async () => {
    asked = [];
    const res = await ask(`${upstreamBase}/streams/v1/index.json`, base, {
      Cookie: 'console_session=secret',
      Authorization: 'Bearer secret',
      'X-Custom': 'mine',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers[SIMPLESTREAMS_HEADER.toLowerCase()]).toBe('upstream');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(JSON.parse(res.body)).toEqual(INDEX);
    expect(asked).toHaveLength(1);
    const headers = asked[0]?.headers ?? {};
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-custom']).toBeUndefined();
  });

  it('passes the image server’s status through', async () => {
    const missing = await ask(`${upstreamBase}/missing/streams/v1/index.json`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('application/json');
    expect(missing.headers[SIMPLESTREAMS_HEADER.toLowerCase()]).toBe('upstream');
    expect((await ask(`${upstreamBase}/broken/streams/v1/index.json`)).status).toBe(500);
  });

  it('refuses anything but a simplestreams file, with one message, asking nobody', async () => {
    asked = [];
    const res = await ask(`${upstreamBase}/1.0/instances`);
    expect(res.status).toBe(400);
    expect(res.headers[SIMPLESTREAMS_HEADER.toLowerCase()]).toBe('console');
    expect(lxdError(res.body)).toMatchObject({
      type: 'error',
      error_code: 400,
      error: NOT_SIMPLESTREAMS,
    });
    const noUrl = await rawRequest(base, '/console/simplestreams');
    expect(noUrl.status).toBe(400);
    expect(lxdError(noUrl.body)).toMatchObject({
      error: 'console server: the url parameter is missing',
    });
    expect(asked).toEqual([]);
  });

  it('answers only GET', async () => {
    const url = encodeURIComponent(`${upstreamBase}/streams/v1/index.json`);
    const res = await rawRequest(base, `/console/simplestreams?url=${url}`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
  });

  it('answers 502 with an LXD error that names no address or system error when the image server does not answer', async () => {
    const url = `http://127.0.0.1:${String(closedPort)}/streams/v1/index.json`;
    logged = [];
    const res = await ask(url, smallBase);
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toBe('application/json');
    expect(lxdError(res.body)).toMatchObject({
      type: 'error',
      error_code: 502,
      error: UNREACHABLE,
    });
    expect(res.body).not.toContain(String(closedPort));
    expect(res.body).not.toContain('ECONNREFUSED');
    // The detail is for the operator, once.
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('ECONNREFUSED');
  });

  it('follows a redirect on the same host, not to another host', async () => {
    const moved = await ask(`${upstreamBase}/moved/streams/v1/index.json`);
    expect(moved.status).toBe(200);
    expect(JSON.parse(moved.body)).toEqual(INDEX);
    asked = [];
    const url = `${upstreamBase}/away/streams/v1/index.json`;
    const away = await ask(url);
    expect(away.status).toBe(502);
    expect(lxdError(away.body)).toMatchObject({ error: UNREACHABLE });
    expect(asked.map((a) => a.url)).toEqual(['/away/streams/v1/index.json']);
  });

  it('refuses a request another site makes the browser send', async () => {
    const res = await ask(`${upstreamBase}/streams/v1/index.json`, base, {
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(res.status).toBe(403);
  });
});

describe('limits', () => {
  it('answers 413 for a file declared larger than the limit', async () => {
    const url = `${upstreamBase}/big/streams/v1/images.json`;
    const res = await ask(url, smallBase);
    expect(res.status).toBe(413);
    expect(lxdError(res.body)).toMatchObject({
      error_code: 413,
      error: `${url} is larger than 1000 bytes`,
    });
  });

  it('cuts off a file that grows beyond the limit without saying its length', async () => {
    const url = encodeURIComponent(`${upstreamBase}/chunked/streams/v1/images.json`);
    const res = await fetch(`${smallBase}/console/simplestreams?url=${url}`);
    expect(res.status).toBe(200);
    // The status is sent before the body grows too large: the connection is cut.
    await expect(res.text()).rejects.toThrow('terminated');
  });

  it('gives up on an image server that does not answer in time', async () => {
    const url = `${upstreamBase}/slow/streams/v1/index.json`;
    const started = Date.now();
    logged = [];
    const res = await ask(url, smallBase);
    expect(res.status).toBe(502);
    expect(lxdError(res.body)).toMatchObject({ error: UNREACHABLE });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(logged).toEqual([
      `console server: /console/simplestreams ${url}: no answer within 300 ms`,
    ]);
  });
});
