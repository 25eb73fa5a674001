import { chmodSync, copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import { HTTPS_SESSION_COOKIE } from './auth';
import { hashPassword } from './auth-password';
import type { ConsoleConfig } from './config';
import { makeCert, type TestCert } from './testing/certs';
import {
  httpsRequest,
  startFakeLxd,
  tempDir,
  writeUiBuild,
  type FakeLxd,
  type HttpsReply,
} from './testing/fixtures';

const tmp = tempDir('console-auth-https-');
let lxd: FakeLxd;
let server: ConsoleServer;
let base: string;
let config: ConsoleConfig;
let tls: TestCert;

beforeAll(async () => {
  tls = makeCert(tmp.dir, 'console');
  const users = path.join(tmp.dir, 'users');
  writeFileSync(users, `alice:${await hashPassword('wonderland', { N: 16, r: 1, p: 1 })}\n`, {
    mode: 0o600,
  });
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  config = {
    uiDir: writeUiBuild(tmp.dir),
    host: '127.0.0.1',
    port: 0,
    tls: { cert: tls.certFile, key: tls.keyFile },
    lxd: { kind: 'socket', path: lxd.socket },
    auth: { users },
  };
  server = createConsoleServer(config);
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
}, 60_000);

afterAll(async () => {
  await server.close();
  await lxd.close();
  tmp.remove();
});

function request(
  target: string,
  options: { method?: string; cookie?: string; body?: string } = {},
): Promise<HttpsReply> {
  return httpsRequest(base, target, options);
}

async function signIn(): Promise<{ setCookie: string; id: string }> {
  const res = await request('/console/login', {
    method: 'POST',
    body: 'user=alice&password=wonderland',
  });
  expect(res.status).toBe(303);
  const setCookie = res.headers['set-cookie']?.[0] ?? '';
  const id = /^__Host-console_session=([^;]+)/.exec(setCookie)?.[1];
  if (id === undefined) throw new Error(`no __Host- session cookie: ${setCookie}`);
  return { setCookie, id };
}

describe('sessions over HTTPS', () => {
  it('names the cookie __Host-console_session: Secure, Path=/, no Domain', async () => {
    expect(HTTPS_SESSION_COOKIE).toBe('__Host-console_session');
    const { setCookie, id } = await signIn();
    expect(setCookie).toMatch(
      /^__Host-console_session=A[A-Za-z0-9_-]{100,}; HttpOnly; Secure; SameSite=Strict; Path=\/; Max-Age=28800$/,
    );
    expect(setCookie).not.toMatch(/domain/i);
    const res = await request('/1.0', { cookie: `${HTTPS_SESSION_COOKIE}=${id}` });
    expect(res.status).toBe(200);
    // The plain name, which any sibling domain could set, is not read over HTTPS.
    expect((await request('/1.0', { cookie: `console_session=${id}` })).status).toBe(401);
  });

  it('treats a request carrying two session cookies as not signed in', async () => {
    const { id } = await signIn();
    const own = `${HTTPS_SESSION_COOKIE}=${id}`;
    const tossed = `${HTTPS_SESSION_COOKIE}=${'A'.repeat(43)}`;
    expect((await request('/1.0', { cookie: `${own}; ${tossed}` })).status).toBe(401);
    expect((await request('/1.0', { cookie: `${tossed}; ${own}` })).status).toBe(401);
    // A cookie of another name (as a sibling domain could set) changes nothing.
    expect((await request('/1.0', { cookie: `console_session=x; ${own}` })).status).toBe(200);
  });

  it('signs out by clearing the __Host- cookie', async () => {
    const { id } = await signIn();
    const cookie = `${HTTPS_SESSION_COOKIE}=${id}`;
    const out = await request('/console/logout', { method: 'POST', cookie });
    expect(out.status).toBe(303);
    expect(out.headers['set-cookie']?.[0]).toBe(
      '__Host-console_session=; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=0',
    );
    expect((await request('/1.0', { cookie })).status).toBe(401);
  });

  it('sends Strict-Transport-Security (without includeSubDomains) on every answer', async () => {
    const { id } = await signIn();
    const cookie = `${HTTPS_SESSION_COOKIE}=${id}`;
    for (const [target, status] of [
      ['/console/login', 200],
      ['/ui/', 303],
      ['/1.0/instances', 401],
    ] as const) {
      const res = await request(target);
      expect(res.status).toBe(status);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    }
    for (const target of ['/ui/favicon.svg', '/1.0']) {
      const res = await request(target, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });
});

describe('secret files', () => {
  it('refuses to start with a TLS key or users file that group or others may read', async () => {
    const key = path.join(tmp.dir, 'open.key');
    copyFileSync(tls.keyFile, key);
    chmodSync(key, 0o644);
    const withOpenKey = createConsoleServer({ ...config, tls: { cert: tls.certFile, key } });
    await expect(withOpenKey.listen()).rejects.toThrow(
      `HTTPS key (--tls-key) ${key} is open to group or others (mode 0644): run chmod 600 ${key}`,
    );
    const users = path.join(tmp.dir, 'open-users');
    copyFileSync(config.auth?.users ?? '', users);
    chmodSync(users, 0o644);
    const withOpenUsers = createConsoleServer({ ...config, auth: { users } });
    await expect(withOpenUsers.listen()).rejects.toThrow(
      `users file (--auth-users) ${users} is open to group or others (mode 0644): run chmod 600 ${users}`,
    );
    chmodSync(key, 0o600);
    chmodSync(users, 0o600);
    const fixed = createConsoleServer({
      ...config,
      tls: { cert: tls.certFile, key },
      auth: { users },
    });
    await expect(fixed.listen()).resolves.toMatchObject({ lxdVersion: '5.0.2' });
    await fixed.close();
  });
});
