/**
 * What the proxy keeps from LXD (issue #30, 7): the console's session cookie, Authorization and
 * X-LXD-forwarded-* headers, over HTTP and websocket upgrades; and the Content-Security-Policy
 * of LXD's documentation on the console's origin (issue #30, 8).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createConsoleServer, type ConsoleServer } from './app';
import { MAX_HTML_BYTES, documentationCsp } from './documentation';
import { withoutConsoleCookies } from './proxy';
import { rawRequest, tempDir, writeUiBuild } from './testing/fixtures';

const tmp = tempDir('console-proxy-private-');
let lxd: http.Server;
let wss: WebSocketServer;
let server: ConsoleServer;
let base = '';
let seen: http.IncomingHttpHeaders = {};
let seenWs: http.IncomingHttpHeaders = {};

const INLINE = '\n  document.body.dataset.theme = localStorage.getItem("theme") || "auto";\n';
const PAGE =
  '<!doctype html><html><head><script src="_static/furo.js"></script></head>' +
  `<body><script>${INLINE}</script><p>LXD</p></body></html>`;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

beforeAll(async () => {
  // A stand-in LXD on a unix socket: records the headers it gets, serves a documentation page.
  lxd = http.createServer((req, res) => {
    seen = req.headers;
    if (req.url === '/1.0') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ type: 'sync', metadata: { auth: 'trusted', environment: {} } }));
      return;
    }
    if (req.url === '/documentation/' && req.headers['if-none-match'] === '"v1"') {
      res.writeHead(304, { ETag: '"v1"' });
      res.end();
      return;
    }
    if (req.url === '/documentation/' || req.url === '/documentation/big.html') {
      const body = req.url === '/documentation/big.html' ? PAGE.padEnd(MAX_HTML_BYTES + 10) : PAGE;
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        ETag: '"v1"',
        'Content-Security-Policy': "script-src 'unsafe-inline'",
      });
      res.end(body);
      return;
    }
    if (req.url === '/documentation/_static/furo.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end('void 0;');
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  wss = new WebSocketServer({ noServer: true });
  lxd.on('upgrade', (req, socket, head) => {
    seenWs = req.headers;
    wss.handleUpgrade(req, socket, head, (ws) => ws.close());
  });
  const socket = path.join(tmp.dir, 'lxd.socket');
  await new Promise<void>((resolve) => lxd.listen(socket, resolve));
  server = createConsoleServer({
    uiDir: writeUiBuild(tmp.dir),
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: socket },
  });
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
});

afterAll(async () => {
  await server.close();
  wss.close();
  lxd.closeAllConnections();
  await new Promise((resolve) => lxd.close(resolve));
  tmp.remove();
});

const PRIVATE = {
  Cookie: 'console_session=s3cret; lxd_session=lxd-jwt; __Host-console_session=s3cret2',
  Authorization: 'Bearer console-token',
  'X-LXD-forwarded-username': 'admin',
  'X-Lxd-Forwarded-Address': '10.0.0.1',
  'x-lxd-forwarded-identity-provider-groups': 'admins',
  // Incus trusts the same headers under its own name.
  'X-Incus-forwarded-username': 'admin',
};

function expectNothingPrivate(headers: http.IncomingHttpHeaders): void {
  expect(headers.cookie).toBe('lxd_session=lxd-jwt');
  expect(headers.authorization).toBeUndefined();
  expect(Object.keys(headers).filter((name) => /^x-(lxd|incus)-forwarded/.test(name))).toEqual([]);
}

describe('headers that never reach LXD', () => {
  it('drops the console session cookie, Authorization and X-LXD-forwarded-* over HTTP', async () => {
    const res = await rawRequest(base, '/1.0/instances', { headers: PRIVATE });
    expect(res.status).toBe(404);
    expectNothingPrivate(seen);
    await rawRequest(base, '/1.0/instances', { headers: { Cookie: 'console_session=s3cret' } });
    expect(seen.cookie).toBeUndefined();
  });

  it('drops them from websocket upgrades', async () => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/1.0/events`, { headers: PRIVATE });
    await new Promise<void>((resolve, reject) => {
      ws.once('close', () => resolve());
      ws.once('error', reject);
    });
    expectNothingPrivate(seenWs);
  });

  it('keeps every other cookie as it was', () => {
    expect(withoutConsoleCookies('a=1; console_session=x;b=2')).toBe('a=1; b=2');
    expect(withoutConsoleCookies('console_session=x')).toBeUndefined();
    expect(withoutConsoleCookies('console_session_other=1')).toBe('console_session_other=1');
  });
});

describe('the documentation’s Content-Security-Policy', () => {
  it('allows a page’s own inline scripts by their hash, and nothing else inline', async () => {
    const res = await rawRequest(base, '/documentation/');
    expect(res.status).toBe(200);
    expect(res.body).toBe(PAGE);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(documentationCsp([sha256(INLINE)]));
    expect(csp).toContain(`script-src 'self' ${sha256(INLINE)};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('gives its other files the policy with no inline script', async () => {
    const res = await rawRequest(base, '/documentation/_static/furo.js');
    expect(res.headers['content-security-policy']).toBe(documentationCsp());
    expect(res.body).toBe('void 0;');
  });

  it('sends a page too large to read first as it comes, with no inline script', async () => {
    const res = await rawRequest(base, '/documentation/big.html');
    expect(res.headers['content-security-policy']).toBe(documentationCsp());
    expect(res.body).toHaveLength(MAX_HTML_BYTES + 10);
  });

  it('sends no policy with a 304 (the stored page keeps its own)', async () => {
    const res = await rawRequest(base, '/documentation/', {
      headers: { 'If-None-Match': '"v1"' },
    });
    expect(res.status).toBe(304);
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});
