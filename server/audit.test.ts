import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditedProxy, openAuditLog, redactPath } from './audit';
import { OPEN_GATE } from './auth';
import type { LxdProxy } from './proxy';
import { rawRequest, tempDir } from './testing/fixtures';

const tmp = tempDir('console-audit-');
afterAll(() => tmp.remove());
const fixed = () => new Date('2026-01-02T03:04:05.000Z');

function lines(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('openAuditLog', () => {
  it('appends JSON lines to a 0600 file', () => {
    const file = path.join(tmp.dir, 'append.log');
    writeFileSync(file, '{"old":true}\n', { mode: 0o644 });
    const log = openAuditLog(file, 1_000_000, fixed);
    log.record({ user: 'alice', method: 'POST', path: '/1.0/instances', status: 202 });
    log.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines(file)).toEqual([
      { old: true },
      {
        time: '2026-01-02T03:04:05.000Z',
        user: 'alice',
        method: 'POST',
        path: '/1.0/instances',
        status: 202,
      },
    ]);
  });

  it('rotates at the size to FILE.1 … FILE.5 and drops the oldest', () => {
    const file = path.join(tmp.dir, 'rotate.log');
    const entry = { user: 'bob', method: 'DELETE', path: '/1.0/instances/xx', status: 200 };
    const lineBytes = Buffer.byteLength(
      `${JSON.stringify({ time: fixed().toISOString(), ...entry })}\n`,
    );
    const log = openAuditLog(file, lineBytes * 2, fixed);
    log.record({ ...entry, path: '/1.0/instances/00' });
    log.record({ ...entry, path: '/1.0/instances/01' });
    expect(existsSync(`${file}.1`)).toBe(false);
    log.record({ ...entry, path: '/1.0/instances/02' });
    expect(lines(`${file}.1`).map((e) => e.path)).toEqual([
      '/1.0/instances/00',
      '/1.0/instances/01',
    ]);
    expect(lines(file).map((e) => e.path)).toEqual(['/1.0/instances/02']);
    for (let i = 3; i < 14; i += 1)
      log.record({ ...entry, path: `/1.0/instances/${String(i).padStart(2, '0')}` });
    log.close();
    // 14 lines, 2 per file: 12-13 in FILE, 10-11 in FILE.1 … 2-3 in FILE.5; 0-1 dropped.
    expect(lines(file).map((e) => e.path)).toEqual(['/1.0/instances/12', '/1.0/instances/13']);
    expect(lines(`${file}.5`).map((e) => e.path)).toEqual([
      '/1.0/instances/02',
      '/1.0/instances/03',
    ]);
    expect(existsSync(`${file}.6`)).toBe(false);
    for (const n of [1, 2, 3, 4, 5])
      expect(statSync(`${file}.${n}`).size).toBeLessThanOrEqual(lineBytes * 2);
  });
});

describe('redactPath', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactPath('/1.0/operations/abc/websocket?secret=s3cr3t&project=a')).toBe(
      '/1.0/operations/abc/websocket?secret=REDACTED&project=a',
    );
    expect(redactPath('/1.0/instances?project=a&recursion=1')).toBe(
      '/1.0/instances?project=a&recursion=1',
    );
    expect(redactPath('/oidc/callback?code=1&Token=x')).toBe(
      '/oidc/callback?code=1&Token=REDACTED',
    );
  });
});

describe('auditedProxy', () => {
  it('logs a POST with user, method, path and status, not a GET, and never the body', async () => {
    const file = path.join(tmp.dir, 'proxy.log');
    const log = openAuditLog(file, 1_000_000, fixed);
    const fake: LxdProxy = {
      web(req, res) {
        req.resume();
        req.on('end', () => {
          res.writeHead(req.method === 'POST' ? 202 : 200, { 'Content-Type': 'application/json' });
          res.end('{"type":"sync","metadata":{"password":"from-lxd"}}');
        });
      },
      ws(_req, socket) {
        socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      },
      read: () => Promise.resolve(undefined),
    };
    const proxy = auditedProxy(fake, log);
    const server = http.createServer((req, res) => {
      OPEN_GATE.admitRequest(req, res);
      proxy.web(req, res);
    });
    server.on('upgrade', (req: http.IncomingMessage, socket, head: Buffer) => {
      OPEN_GATE.admitUpgrade(req, socket);
      proxy.ws(req, socket, head);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await rawRequest(base, '/1.0/instances?project=p', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'console_session=abc' },
      body: '{"name":"web1","config":{"secret":"body-secret"}}',
    });
    await rawRequest(base, '/1.0/instances');
    await rawRequest(base, '/1.0', { method: 'HEAD' });
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(
        `${base.replace('http', 'ws')}/1.0/operations/o/websocket?secret=abc`,
      );
      ws.once('unexpected-response', () => resolve());
      ws.once('error', () => resolve());
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    log.close();
    expect(lines(file)).toEqual([
      {
        time: '2026-01-02T03:04:05.000Z',
        user: null,
        method: 'POST',
        path: '/1.0/instances?project=p',
        status: 202,
      },
      {
        time: '2026-01-02T03:04:05.000Z',
        user: null,
        method: 'GET',
        path: '/1.0/operations/o/websocket?secret=REDACTED',
        status: 403,
      },
    ]);
    expect(readFileSync(file, 'utf8')).not.toMatch(/web1|body-secret|from-lxd|console_session|abc/);
  });
});
