import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
    const entries = lines(file);
    const ids = entries.map((entry) => entry.id);
    const withoutIds = entries.map((entry) => {
      const rest = { ...entry };
      delete rest.id;
      return rest;
    });
    expect(withoutIds).toEqual([
      {
        time: '2026-01-02T03:04:05.000Z',
        phase: 'start',
        user: null,
        method: 'POST',
        path: '/1.0/instances?project=p',
      },
      {
        time: '2026-01-02T03:04:05.000Z',
        phase: 'end',
        user: null,
        method: 'POST',
        path: '/1.0/instances?project=p',
        status: 202,
      },
      {
        time: '2026-01-02T03:04:05.000Z',
        phase: 'start',
        user: null,
        method: 'GET',
        path: '/1.0/operations/o/websocket?secret=REDACTED',
      },
      {
        time: '2026-01-02T03:04:05.000Z',
        phase: 'end',
        user: null,
        method: 'GET',
        path: '/1.0/operations/o/websocket?secret=REDACTED',
        status: 403,
      },
    ]);
    // One id per request, on both of its lines.
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe(ids[3]);
    expect(ids[0]).not.toBe(ids[2]);
    expect(readFileSync(file, 'utf8')).not.toMatch(/web1|body-secret|from-lxd|console_session|abc/);
  });
});

/** A server that puts `proxy` (audited by `log`) behind the open gate; its base URL. */
async function serve(proxy: LxdProxy) {
  const server = http.createServer((req, res) => {
    OPEN_GATE.admitRequest(req, res);
    proxy.web(req, res);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket, head: Buffer) => {
    OPEN_GATE.admitUpgrade(req, socket);
    proxy.ws(req, socket, head);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the audit log fails closed', () => {
  it('writes the start line before LXD sees the request', async () => {
    const file = path.join(tmp.dir, 'before.log');
    const log = openAuditLog(file, 1_000_000, fixed);
    const seenByLxd: string[] = [];
    const fake: LxdProxy = {
      web(req, res) {
        // What the log holds when LXD gets the request.
        seenByLxd.push(readFileSync(file, 'utf8'));
        req.resume();
        req.on('end', () => res.end('{}'));
      },
      ws: (_req, socket) => socket.destroy(),
      read: () => Promise.resolve(undefined),
    };
    const server = await serve(auditedProxy(fake, log));
    await rawRequest(server.base, '/1.0/profiles', { method: 'POST', body: '{}' });
    await server.close();
    log.close();
    expect(seenByLxd).toHaveLength(1);
    expect(seenByLxd[0]).toContain('"phase":"start"');
    expect(seenByLxd[0]).not.toContain('"phase":"end"');
  });

  it('refuses changes with 503 while the log cannot be written, and lets them through again after', async () => {
    let writable = false;
    const recorded: string[] = [];
    const log = {
      record: (entry: { phase?: string }) => {
        if (writable) recorded.push(entry.phase ?? '');
        return writable;
      },
      close: () => undefined,
    };
    let forwarded = 0;
    const fake: LxdProxy = {
      web(req, res) {
        forwarded += 1;
        req.resume();
        req.on('end', () => res.end('{}'));
      },
      ws(_req, socket) {
        forwarded += 1;
        socket.destroy();
      },
      read: () => Promise.resolve(undefined),
    };
    const server = await serve(auditedProxy(fake, log));
    const refused = await rawRequest(server.base, '/1.0/profiles', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(503);
    expect(refused.body).toContain('the audit log cannot be written');
    const upgrade = await new Promise<number | undefined>((resolve) => {
      const ws = new WebSocket(`${server.base.replace('http', 'ws')}/1.0/operations/o/websocket`);
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.once('error', () => resolve(undefined));
    });
    expect(upgrade).toBe(503);
    // Reads are not changes: they still go through.
    await rawRequest(server.base, '/1.0/profiles');
    expect(forwarded).toBe(1);

    writable = true;
    const allowed = await rawRequest(server.base, '/1.0/profiles', { method: 'POST', body: '{}' });
    expect(allowed.status).toBe(200);
    expect(forwarded).toBe(2);
    await server.close();
    expect(recorded).toEqual(['start', 'end']);
  });

  it('says false while the file cannot be written, and writes again once it can', () => {
    const file = path.join(tmp.dir, 'blocked.log');
    const entry = { user: 'bob', method: 'DELETE', path: '/1.0/instances/x', status: 200 };
    const log = openAuditLog(file, 10, fixed);
    expect(log.record(entry)).toBe(true);
    // Rotation first removes FILE.5; a folder in its place makes that fail (even as root).
    mkdirSync(path.join(`${file}.5`, 'in-the-way'), { recursive: true });
    expect(log.record(entry)).toBe(false);
    expect(log.record(entry)).toBe(false);
    rmSync(`${file}.5`, { recursive: true });
    expect(log.record(entry)).toBe(true);
    log.close();
    expect(lines(file)).toHaveLength(1);
    expect(lines(`${file}.1`)).toHaveLength(1);
  });
});
