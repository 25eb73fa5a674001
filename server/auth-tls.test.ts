import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createConsoleServer, type ConsoleServer } from './app';
import { NOT_AUTHENTICATED, UNTRUSTED_CERTIFICATE } from './auth';
import { makeCert, type TestCert } from './testing/certs';
import {
  httpsRequest,
  startFakeLxd,
  tempDir,
  writeUiBuild,
  type FakeLxd,
  type HttpsReply,
} from './testing/fixtures';

const tmp = tempDir('console-auth-tls-');
let lxd: FakeLxd;
let server: ConsoleServer;
let base: string;
let carol: TestCert; // signed by the CA
let dave: TestCert; // self-signed, listed by fingerprint
let eve: TestCert; // self-signed, not listed
let auditFile: string;

beforeAll(async () => {
  const ca = makeCert(tmp.dir, 'ca', { ca: true, cn: 'Team CA' });
  const serverCert = makeCert(tmp.dir, 'console');
  carol = makeCert(tmp.dir, 'carol', { issuer: ca, cn: 'carol' });
  dave = makeCert(tmp.dir, 'dave-browser', { cn: 'whatever' });
  eve = makeCert(tmp.dir, 'eve');
  const fingerprints = path.join(tmp.dir, 'fingerprints');
  writeFileSync(fingerprints, `${dave.fingerprint.toUpperCase()} dave\n`);
  auditFile = path.join(tmp.dir, 'audit.log');
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  server = createConsoleServer({
    uiDir: writeUiBuild(tmp.dir),
    host: '127.0.0.1',
    port: 0,
    tls: { cert: serverCert.certFile, key: serverCert.keyFile },
    lxd: { kind: 'socket', path: lxd.socket },
    auth: { clientCa: ca.certFile, clientFingerprints: fingerprints },
    auditLog: { file: auditFile, maxBytes: 100_000 },
  });
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
}, 60_000);

afterAll(async () => {
  await server.close();
  await lxd.close();
  tmp.remove();
});

function request(
  target: string,
  client?: TestCert,
  options: { method?: string; body?: string } = {},
): Promise<HttpsReply> {
  return httpsRequest(base, target, { ...options, ...(client ? { client } : {}) });
}

function openWs(target: string, client?: TestCert): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^https/, 'wss')}${target}`, {
      rejectUnauthorized: false,
      ...(client ? { cert: client.cert, key: client.key } : {}),
    });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('client certificates', () => {
  it('refuses a request without credentials, and nothing reaches LXD', async () => {
    const before = lxd.lastHeaders();
    const beforeWs = lxd.lastWsHeaders();
    const res = await request('/1.0/instances', undefined, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({
      type: 'error',
      error: NOT_AUTHENTICATED,
      error_code: 401,
    });
    expect(await openWs('/1.0/events')).toBe(401);
    expect((await request('/ui/')).status).toBe(401);
    expect(lxd.lastHeaders()).toBe(before);
    expect(lxd.lastWsHeaders()).toBe(beforeWs);
  });

  it('admits a certificate signed by the CA, named by its CN', async () => {
    const res = await request('/1.0', carol);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ metadata: { auth: 'trusted' } });
    expect(await openWs('/1.0/events', carol)).toBe(101);
    expect((await request('/ui/', carol)).status).toBe(200);
  });

  it('admits a self-signed certificate listed by fingerprint', async () => {
    expect((await request('/1.0', dave)).status).toBe(200);
  });

  it('refuses an untrusted certificate with 403, and nothing reaches LXD', async () => {
    const before = lxd.lastHeaders();
    const res = await request('/1.0', eve);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({
      error_code: 403,
      error: `console server: ${UNTRUSTED_CERTIFICATE}`,
    });
    expect((await request('/ui/', eve)).status).toBe(403);
    expect(await openWs('/1.0/events', eve)).toBe(403);
    expect(lxd.lastHeaders()).toBe(before);
  });

  it("logs each change with the user's name, and never a body", async () => {
    await request('/1.0/instances?project=team', carol, {
      method: 'POST',
      body: '{"name":"c1","password":"hunter2"}',
    });
    await request('/1.0/instances?project=team', dave);
    await request('/1.0/instances/c1', dave, { method: 'DELETE' });
    await request('/1.0/instances', eve, { method: 'POST', body: '{}' });
    const lines = readFileSync(auditFile, 'utf8').trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // The read-only event stream is not logged; the other websockets are.
    expect(entries.some((entry) => entry.path === '/1.0/events')).toBe(false);
    const changes = entries.filter((entry) => entry.method !== 'GET' && entry.phase === 'end');
    expect(changes.slice(-2)).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        id: expect.any(String) as unknown,
        phase: 'end',
        user: 'carol',
        method: 'POST',
        path: '/1.0/instances?project=team',
        status: 404,
      },
      {
        time: expect.any(String) as unknown,
        id: expect.any(String) as unknown,
        phase: 'end',
        user: 'dave',
        method: 'DELETE',
        path: '/1.0/instances/c1',
        status: 404,
      },
    ]);
    // Each change was logged before LXD saw it, under the same id.
    for (const change of changes) {
      expect(entries).toContainEqual(
        expect.objectContaining({ id: change.id, phase: 'start', user: change.user }),
      );
    }
    expect(
      entries.some(
        (entry) => entry.path === '/1.0/instances?project=team' && entry.method === 'GET',
      ),
    ).toBe(false);
    expect(readFileSync(auditFile, 'utf8')).not.toMatch(/hunter2|"name"|"eve"/);
  });
});
