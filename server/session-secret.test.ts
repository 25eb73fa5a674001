/**
 * Password sessions sealed with --session-secret (issue #30): a cookie made by one console server
 * is good on every server given the same secret file, before and after a restart, and on no
 * other; a changed cookie is nobody's.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import { hashPassword } from './auth-password';
import type { ConsoleConfig } from './config';
import { parseConfig } from './config';
import { deriveSessionKey, loadSessionSecret } from './session-secret';
import { openSession, sealSession } from './session-cookie';
import {
  consoleErrorOf,
  rawRequest,
  startFakeLxd,
  tempDir,
  writeUiBuild,
  type FakeLxd,
} from './testing/fixtures';

const tmp = tempDir('console-session-secret-');
let lxd: FakeLxd;
let config: ConsoleConfig;
let secret: string;
let otherSecret: string;
const running: ConsoleServer[] = [];

function secretFile(name: string, content: string): string {
  const file = path.join(tmp.dir, name);
  writeFileSync(file, content, { mode: 0o600 });
  return file;
}

beforeAll(async () => {
  const users = path.join(tmp.dir, 'users');
  writeFileSync(users, `alice:${await hashPassword('wonderland', { N: 16, r: 1, p: 1 })}\n`, {
    mode: 0o600,
  });
  secret = secretFile('secret', 'Zm9yIHRoZSBzZXNzaW9ucyBvZiB0aGUgdGVhbSBjb25zb2xlIQ==\n');
  otherSecret = secretFile('other-secret', 'YW5vdGhlciBzZWNyZXQgb2YgYXQgbGVhc3QgMzIgYnl0ZXMh\n');
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  config = {
    uiDir: writeUiBuild(tmp.dir),
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: lxd.socket },
    auth: { users },
  };
});

afterAll(async () => {
  for (const server of running) await server.close();
  await lxd.close();
  tmp.remove();
});

/** A console server with this secret file (none: a secret of its own); its base URL. */
async function start(sessionSecret?: string): Promise<{ server: ConsoleServer; base: string }> {
  const server = createConsoleServer({
    ...config,
    auth: { ...config.auth, ...(sessionSecret === undefined ? {} : { sessionSecret }) },
  });
  running.push(server);
  const { url } = await server.listen();
  return { server, base: url.replace(/\/ui\/$/, '') };
}

async function signIn(base: string): Promise<string> {
  const res = await rawRequest(base, '/console/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'user=alice&password=wonderland',
  });
  const value = /^console_session=([^;]+)/.exec(res.headers['set-cookie']?.[0] ?? '')?.[1];
  if (value === undefined) throw new Error(`no session cookie (${String(res.status)})`);
  return value;
}

const status = async (base: string, value: string) =>
  (await rawRequest(base, '/1.0', { headers: { cookie: `console_session=${value}` } })).status;

describe('sessions sealed with --session-secret', () => {
  it('are good on another server with the same secret, and on none with another', async () => {
    const first = await start(secret);
    const second = await start(secret);
    const other = await start(otherSecret);
    const own = await start();
    const cookie = await signIn(first.base);
    expect(await status(first.base, cookie)).toBe(200);
    expect(await status(second.base, cookie)).toBe(200);
    expect(await status(other.base, cookie)).toBe(401);
    expect(await status(own.base, cookie)).toBe(401);
    // And back: the second server's sessions are good on the first.
    expect(await status(first.base, await signIn(second.base))).toBe(200);
    // Signing out is remembered by the server it happened on only (the documented limit).
    const out = await rawRequest(first.base, '/console/logout', {
      method: 'POST',
      headers: { cookie: `console_session=${cookie}` },
    });
    expect(out.status).toBe(303);
    expect(await status(first.base, cookie)).toBe(401);
    expect(await status(second.base, cookie)).toBe(200);
  });

  it('keep the user signed in across a restart; without the option a restart signs out', async () => {
    const before = await start(secret);
    const cookie = await signIn(before.base);
    await before.server.close();
    const after = await start(secret);
    expect(await status(after.base, cookie)).toBe(200);

    const alone = await start();
    const lost = await signIn(alone.base);
    expect(await status(alone.base, lost)).toBe(200);
    await alone.server.close();
    const restarted = await start();
    expect(await status(restarted.base, lost)).toBe(401);
  });

  it('refuse a cookie changed in any way', async () => {
    const { base } = await start(secret);
    const cookie = await signIn(base);
    // The cookie is the session itself, sealed with the secret's key.
    const own = openSession(deriveSessionKey(loadSessionSecret(secret)), cookie);
    expect(own).toMatchObject({ user: 'alice', expires: (own?.issued ?? 0) + 8 * 3600_000 });
    const flip = (at: number) => {
      const c = cookie[at] === 'A' ? 'B' : 'A';
      return `${cookie.slice(0, at)}${c}${cookie.slice(at + 1)}`;
    };
    // The version byte, the nonce, the sealed claims and the tag.
    for (const at of [1, 5, 30, Math.floor(cookie.length / 2), cookie.length - 3]) {
      expect(await status(base, flip(at))).toBe(401);
    }
    expect(await status(base, cookie.slice(0, -4))).toBe(401);
    expect(await status(base, `${cookie}AAAA`)).toBe(401);
    // Claims sealed with another key, even for a user of the file, are nobody's.
    const key = deriveSessionKey(loadSessionSecret(otherSecret));
    const now = Date.now();
    const forged = sealSession(key, { user: 'alice', issued: now, expires: now + 1e6, hash: 'x' });
    expect(openSession(key, forged)?.user).toBe('alice');
    expect(await status(base, forged)).toBe(401);
    expect(await status(base, cookie)).toBe(200);
  });
});

describe('--session-secret', () => {
  const base = ['--ui-dir', '', '--lxd-socket', '/s'];
  const errorOf = consoleErrorOf;

  const args = () => {
    base[1] = config.uiDir;
    return [...base, '--auth-users', config.auth?.users ?? ''];
  };

  it('is read from the flag or CONSOLE_SESSION_SECRET', () => {
    expect(parseConfig([...args(), '--session-secret', secret], {}).auth?.sessionSecret).toBe(
      secret,
    );
    expect(parseConfig(args(), { CONSOLE_SESSION_SECRET: secret }).auth?.sessionSecret).toBe(
      secret,
    );
  });

  it('must be private, at least 32 bytes, and go with --auth-users', () => {
    const open = secretFile('open-secret', 'x'.repeat(40));
    chmodSync(open, 0o644);
    expect(errorOf(() => parseConfig([...args(), '--session-secret', open], {}))).toBe(
      `session secret (--session-secret) ${open} is open to group or others (mode 0644): run chmod 600 ${open}`,
    );
    const short = secretFile('short-secret', `${'x'.repeat(31)}\n`);
    expect(errorOf(() => parseConfig([...args(), '--session-secret', short], {}))).toBe(
      `session secret (--session-secret) ${short} holds 31 bytes, at least 32 are needed: make one with: (umask 077; openssl rand -base64 32 > ${short})`,
    );
    expect(errorOf(() => parseConfig([...base, '--session-secret', secret], {}))).toBe(
      '--session-secret seals sign-in sessions: give --auth-users or --oidc-issuer too',
    );
  });

  it('is the same secret with or without a final line ending', () => {
    const bare = secretFile('bare', 'x'.repeat(32));
    const ended = secretFile('ended', `${'x'.repeat(32)}\r\n`);
    expect(deriveSessionKey(loadSessionSecret(bare))).toEqual(
      deriveSessionKey(loadSessionSecret(ended)),
    );
  });
});
