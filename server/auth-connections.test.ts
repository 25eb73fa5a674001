import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import { hashPassword } from './auth-password';
import { BODY_TIMEOUT_MS, MAX_CONNECTIONS_BEFORE_SIGN_IN } from './limits';
import { rawRequest, startFakeLxd, tempDir, writeUiBuild, type FakeLxd } from './testing/fixtures';

const DEADLINE_MS = 300;
const tmp = tempDir('console-connections-');
let lxd: FakeLxd;
let server: ConsoleServer;
let base: string;
let port: number;

beforeAll(async () => {
  const users = path.join(tmp.dir, 'users');
  writeFileSync(users, `alice:${await hashPassword('wonderland', { N: 16, r: 1, p: 1 })}\n`, {
    mode: 0o600,
  });
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  server = createConsoleServer({
    uiDir: writeUiBuild(tmp.dir),
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: lxd.socket },
    auth: { users },
    bodyTimeoutMs: DEADLINE_MS,
  });
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
  port = Number(new URL(base).port);
});

afterAll(async () => {
  await server.close();
  await lxd.close();
  tmp.remove();
});

interface Idle {
  socket: net.Socket;
  received: () => string;
  /** Milliseconds from the request to the server's close, or undefined while open. */
  closedAfter: () => number | undefined;
}

/** A connection that sends `head` (request headers, perhaps some body) and then nothing. */
function idle(head: string, localAddress = '127.0.0.1'): Promise<Idle> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let received = '';
    let sent = 0;
    let closed: number | undefined;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.once('close', () => (closed = performance.now() - sent));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      sent = performance.now();
      if (head !== '') socket.write(head);
      resolve({ socket, received: () => received, closedAfter: () => closed });
    });
    socket.once('error', reject);
  });
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (!condition() && performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return condition();
}

const LOGIN_WITHOUT_BODY =
  'POST /console/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
  'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 8000\r\n\r\n';

function signIn(localAddress: string) {
  return rawRequest(base, '/console/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'user=alice&password=wonderland',
    localAddress,
  });
}

describe('request bodies of the console server itself', () => {
  it('answers 408 and closes a sign-in whose body does not arrive in time', async () => {
    expect(BODY_TIMEOUT_MS).toBe(10_000);
    const client = await idle(LOGIN_WITHOUT_BODY);
    expect(await until(() => client.closedAfter() !== undefined, 5_000)).toBe(true);
    expect(client.closedAfter()).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toContain('Connection: close\r\n');
  });

  it('closes a connection answered before its body arrived (a refused API call)', async () => {
    const client = await idle(
      'POST /1.0/instances HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 8000\r\n\r\n{',
    );
    expect(await until(() => client.closedAfter() !== undefined, 5_000)).toBe(true);
    expect(client.received()).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('still takes a body that arrives in pieces within the deadline', async () => {
    const body = 'user=alice&password=wonderland';
    const client = await idle(
      `POST /console/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS / 3));
    client.socket.write(body.slice(5));
    expect(await until(() => client.closedAfter() !== undefined, 5_000)).toBe(true);
    expect(client.received()).toMatch(/^HTTP\/1\.1 303 /);
  });

  it('sends no Strict-Transport-Security over plain http', async () => {
    const res = await rawRequest(base, '/console/login');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('connections that have not signed in', () => {
  it('several hundred idle sign-ins do not stop a normal one, and go away', async () => {
    const clients = await Promise.all(
      Array.from({ length: 300 }, (_, i) => idle(LOGIN_WITHOUT_BODY, `127.0.2.${(i % 3) + 1}`)),
    );
    const started = performance.now();
    const res = await signIn('127.0.3.1');
    expect(res.status).toBe(303);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(
      await until(() => clients.every((client) => client.closedAfter() !== undefined), 5_000),
    ).toBe(true);
  });

  it(`holds at most ${MAX_CONNECTIONS_BEFORE_SIGN_IN} from one address, and closes more at once`, async () => {
    const held: Idle[] = [];
    for (let i = 0; i < MAX_CONNECTIONS_BEFORE_SIGN_IN; i += 1) {
      held.push(await idle('', '127.0.4.1'));
    }
    const extra = await idle('', '127.0.4.1');
    expect(await until(() => extra.closedAfter() !== undefined, 5_000)).toBe(true);
    expect(held.filter((client) => client.closedAfter() !== undefined)).toHaveLength(0);
    // Another address is not affected, and a signed-in connection no longer counts.
    const res = await signIn('127.0.4.2');
    expect(res.status).toBe(303);
    const cookie = /^[^;]+/.exec(res.headers['set-cookie']?.[0] ?? '')?.[0] ?? '';
    const first = held[0];
    if (!first) throw new Error('no connection');
    first.socket.write(`GET /1.0 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
    expect(await until(() => first.received().startsWith('HTTP/1.1 200 '), 5_000)).toBe(true);
    const another = await idle('', '127.0.4.1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(another.closedAfter()).toBeUndefined();
    for (const client of [...held, extra, another]) client.socket.destroy();
  });
});
