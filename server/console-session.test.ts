/**
 * GET /console/session names the signed-in user and how they signed in, behind the same gate as
 * everything else; without authentication on the console server it answers 404, as LXD does.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import { HTTPS_SESSION_COOKIE, NOT_AUTHENTICATED } from './auth';
import { hashPassword } from './auth-password';
import { makeCert, type TestCert } from './testing/certs';
import {
  httpsRequest,
  rawRequest,
  startFakeLxd,
  tempDir,
  writeUiBuild,
  type FakeLxd,
} from './testing/fixtures';

const tmp = tempDir('console-session-');
let lxd: FakeLxd;
let server: ConsoleServer;
let open: ConsoleServer;
let base: string;
let openBase: string;
let carol: TestCert;

beforeAll(async () => {
  const tls = makeCert(tmp.dir, 'console');
  carol = makeCert(tmp.dir, 'carol-browser', { cn: 'whatever' });
  const fingerprints = path.join(tmp.dir, 'fingerprints');
  writeFileSync(fingerprints, `${carol.fingerprint} carol\n`);
  const users = path.join(tmp.dir, 'users');
  writeFileSync(users, `alice:${await hashPassword('wonderland', { N: 16, r: 1, p: 1 })}\n`, {
    mode: 0o600,
  });
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  const uiDir = writeUiBuild(tmp.dir);
  server = createConsoleServer({
    uiDir,
    host: '127.0.0.1',
    port: 0,
    tls: { cert: tls.certFile, key: tls.keyFile },
    lxd: { kind: 'socket', path: lxd.socket },
    auth: { users, clientFingerprints: fingerprints },
  });
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
  open = createConsoleServer({
    uiDir,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: lxd.socket },
  });
  openBase = (await open.listen()).url.replace(/\/ui\/$/, '');
}, 60_000);

afterAll(async () => {
  await server.close();
  await open.close();
  await lxd.close();
  tmp.remove();
});

interface Reply {
  status: number;
  type: string | undefined;
  body: string;
  setCookie: string | undefined;
}

async function request(
  target: string,
  options: { method?: string; cookie?: string; body?: string; client?: TestCert } = {},
): Promise<Reply> {
  const { status, headers, body } = await httpsRequest(base, target, options);
  return { status, type: headers['content-type'], body, setCookie: headers['set-cookie']?.[0] };
}

describe('GET /console/session', () => {
  it('names a password session', async () => {
    const login = await request('/console/login', {
      method: 'POST',
      body: 'user=alice&password=wonderland',
    });
    const value = new RegExp(`^${HTTPS_SESSION_COOKIE}=([^;]+)`).exec(login.setCookie ?? '')?.[1];
    const cookie = `${HTTPS_SESSION_COOKIE}=${value ?? ''}`;
    const res = await request('/console/session', { cookie });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json');
    expect(JSON.parse(res.body)).toEqual({ user: 'alice', method: 'password' });
    expect((await request('/console/session', { method: 'POST', cookie })).status).toBe(405);
  });

  it('names a client certificate', async () => {
    const res = await request('/console/session', { client: carol });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ user: 'carol', method: 'certificate' });
  });

  it('answers 401 in JSON to nobody, as the other API paths do', async () => {
    const res = await request('/console/session');
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ error: NOT_AUTHENTICATED, error_code: 401 });
  });

  it('answers 404 without authentication on the console server', async () => {
    const res = await rawRequest(openBase, '/console/session');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({
      error: 'console server: no sign-in on this server',
      error_code: 404,
    });
  });
});
