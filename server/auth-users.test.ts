/**
 * The users file is read again when it changes (issue #30): a user removed from it, or given
 * another hash, loses their sessions at the next request and their websockets within a couple of
 * seconds; a user added signs in without a restart; a broken file admits nobody by password.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createAuthGate, loadAuthSettings, type AuthGate } from './auth';
import { hashPassword } from './auth-password';
import { rawRequest, serveGate, tempDir } from './testing/fixtures';

const FAST = { N: 16, r: 1, p: 1 };
const tmp = tempDir('console-users-reload-');
const file = path.join(tmp.dir, 'users');
const hashes = new Map<string, string>();
let gate: AuthGate;
let server: Awaited<ReturnType<typeof serveGate>>;
let base: string;

/** Writes the users file with these users (each with the password "<name>-pw"). */
async function writeUsers(...names: string[]): Promise<void> {
  const lines: string[] = [];
  for (const name of names) {
    if (!hashes.has(name)) hashes.set(name, await hashPassword(`${name}-pw`, FAST));
    lines.push(`${name}:${hashes.get(name) ?? ''}`);
  }
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
}

beforeAll(async () => {
  await writeUsers('alice', 'bob');
  const settings = loadAuthSettings({ users: file });
  // Looked at every 300 ms here (1 s by default) to keep the test short.
  gate = createAuthGate(settings, { loopbackOnly: true, usersCheckMs: 300 });
  server = await serveGate(gate);
  base = server.base;
});

beforeEach(async () => {
  await writeUsers('alice', 'bob');
  await settle();
});

afterAll(async () => {
  gate.close();
  await server.close();
  tmp.remove();
});

/** Longer than the users file's check interval. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 450));

async function signIn(user: string): Promise<string | undefined> {
  const res = await rawRequest(base, '/console/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user, password: `${user}-pw` }).toString(),
  });
  const value = /^console_session=([^;]*)/.exec(res.headers['set-cookie']?.[0] ?? '')?.[1];
  return value === undefined ? undefined : `console_session=${value}`;
}

async function session(user: string): Promise<string> {
  const cookie = await signIn(user);
  if (cookie === undefined) throw new Error(`${user} could not sign in`);
  return cookie;
}

const status = async (cookie: string) =>
  (await rawRequest(base, '/1.0', { headers: { cookie } })).status;

async function openSocket(cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/1.0/events`, { headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}

/** Whether the socket closes within `ms`. */
const closesWithin = (ws: WebSocket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) resolve(true);
    ws.once('close', () => resolve(true));
    setTimeout(() => resolve(false), ms);
  });

describe('the users file, read again when it changes', () => {
  it('ends a removed user’s sessions and closes their websockets; others stay', async () => {
    const alice = await session('alice');
    const bob = await session('bob');
    const aliceWs = await openSocket(alice);
    const bobWs = await openSocket(bob);
    await writeUsers('bob');
    // Nobody asks anything: the file is looked at on a timer, and the sockets are swept.
    expect(await closesWithin(aliceWs, 3000)).toBe(true);
    expect(bobWs.readyState).toBe(WebSocket.OPEN);
    expect(await status(alice)).toBe(401);
    expect(await status(bob)).toBe(200);
    await expect(openSocket(alice)).rejects.toThrow(/401/);
    expect(await signIn('alice')).toBeUndefined();
    bobWs.close();
  });

  it('ends the sessions at the next request once the file is looked at', async () => {
    const alice = await session('alice');
    expect(await status(alice)).toBe(200);
    await writeUsers('bob');
    await settle();
    expect(await status(alice)).toBe(401);
    // Put back with the same hash, the old cookie is good again (it was never signed out).
    await writeUsers('alice', 'bob');
    await settle();
    expect(await status(alice)).toBe(200);
  });

  it('ends the sessions of a user given another password hash', async () => {
    const bob = await session('bob');
    const ws = await openSocket(bob);
    hashes.delete('bob');
    await writeUsers('alice', 'bob');
    expect(await closesWithin(ws, 3000)).toBe(true);
    expect(await status(bob)).toBe(401);
    const again = await session('bob');
    expect(await status(again)).toBe(200);
  });

  it('lets a user added to the file sign in without a restart', async () => {
    expect(await signIn('carol')).toBeUndefined();
    await writeUsers('alice', 'bob', 'carol');
    await settle();
    expect(await status(await session('carol'))).toBe(200);
  });

  it('admits nobody by password while the file is broken or gone', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const alice = await session('alice');
      writeFileSync(file, 'alice has no hash\n', { mode: 0o600 });
      await settle();
      expect(await status(alice)).toBe(401);
      rmSync(file);
      await settle();
      expect(await status(alice)).toBe(401);
      expect(write.mock.calls.map((call) => String(call[0]))).toEqual([
        expect.stringMatching(/users file .* line 1: .*nobody can use a password until/),
        expect.stringMatching(/cannot read the users file .*nobody can use a password until/),
      ]);
      await writeUsers('alice', 'bob');
      await settle();
      expect(await status(alice)).toBe(200);
    } finally {
      write.mockRestore();
    }
  });
});
