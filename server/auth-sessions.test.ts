import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadUsers } from './auth-files';
import { SESSION_SECONDS, createAuthGate, type AuthGate } from './auth';
import { hashPassword } from './auth-password';
import { rawRequest, serveGate, tempDir } from './testing/fixtures';

const FAST = { N: 16, r: 1, p: 1 };
const tmp = tempDir('console-sessions-');
let clock = Date.now();
let gate: AuthGate;
let server: Awaited<ReturnType<typeof serveGate>>;
let base: string;

beforeAll(async () => {
  const file = path.join(tmp.dir, 'users');
  writeFileSync(file, `alice:${await hashPassword('wonderland', FAST)}\n`, { mode: 0o600 });
  gate = createAuthGate({ users: loadUsers(file) }, { loopbackOnly: true, now: () => clock });
  server = await serveGate(gate);
  base = server.base;
});

afterAll(async () => {
  gate.close();
  await server.close();
  tmp.remove();
});

async function signIn(): Promise<string> {
  const res = await rawRequest(base, '/console/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user: 'alice', password: 'wonderland', next: '/ui/' }).toString(),
  });
  const value = /^console_session=([^;]*)/.exec(res.headers['set-cookie']?.[0] ?? '')?.[1];
  if (value === undefined) throw new Error(`no session cookie (${String(res.status)})`);
  return `console_session=${value}`;
}

async function openSocket(cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/1.0/events`, { headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}

const closed = (ws: WebSocket) =>
  new Promise<void>((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) resolve();
    else ws.once('close', () => resolve());
  });

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('a session’s websockets', () => {
  it('close when the user signs out, and another session’s stay open', async () => {
    const mine = await signIn();
    const other = await signIn();
    const ws = await openSocket(mine);
    const kept = await openSocket(other);
    const out = await rawRequest(base, '/console/logout', {
      method: 'POST',
      headers: { cookie: mine, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(out.status).toBe(303);
    expect(await within(closed(ws), 3000)).toBe(true);
    expect(kept.readyState).toBe(WebSocket.OPEN);
    kept.close();
    // The ended session opens no new websocket.
    await expect(openSocket(mine)).rejects.toThrow(/401/);
  });

  it('close when the session runs out', async () => {
    clock = Date.now();
    const cookie = await signIn();
    // 300 ms before the end of the session's eight hours.
    clock = Date.now() + SESSION_SECONDS * 1000 - 300;
    const ws = await openSocket(cookie);
    expect(await within(closed(ws), 5000)).toBe(true);
    await expect(openSocket(cookie)).rejects.toThrow(/401/);
    clock = Date.now();
  });
});
