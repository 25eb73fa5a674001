import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import { SIGN_IN_BUSY, TOO_MANY_FAILURES, WRONG_PASSWORD } from './auth';
import { hashPassword } from './auth-password';
import { addressKey, createAttemptLimiter, createHashQueue } from './auth-throttle';
import { rawRequest, startFakeLxd, tempDir, writeUiBuild, type FakeLxd } from './testing/fixtures';

/** Every scrypt the server runs goes through here: how many, and how many at once. */
const probe = vi.hoisted(() => ({ calls: 0, running: 0, maxRunning: 0 }));

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (
    password: string,
    salt: Buffer,
    length: number,
    options: import('node:crypto').ScryptOptions,
    callback: (error: Error | null, key: Buffer) => void,
  ): void => {
    probe.calls += 1;
    probe.running += 1;
    probe.maxRunning = Math.max(probe.maxRunning, probe.running);
    actual.scrypt(password, salt, length, options, (error, key) => {
      probe.running -= 1;
      callback(error, key);
    });
  };
  return { ...actual, default: { ...actual, scrypt }, scrypt };
});

const tmp = tempDir('console-throttle-');
let lxd: FakeLxd;
let server: ConsoleServer;
let base: string;

beforeAll(async () => {
  // The cost of the hashes a users file held before N=2^17: about 32 MiB and 100 ms each.
  const users = path.join(tmp.dir, 'users');
  const alice = await hashPassword('wonderland', { N: 32768, r: 8, p: 1 });
  const bob = await hashPassword('builder', { N: 16, r: 1, p: 1 });
  writeFileSync(users, `alice:${alice}\nbob:${bob}\n`, { mode: 0o600 });
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  server = createConsoleServer({
    uiDir: writeUiBuild(tmp.dir),
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: lxd.socket },
    auth: { users },
  });
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
}, 30_000);

afterAll(async () => {
  await server.close();
  await lxd.close();
  tmp.remove();
});

beforeEach(() => {
  probe.calls = 0;
  probe.maxRunning = probe.running;
});

function signIn(user: string, password: string, localAddress: string) {
  return rawRequest(base, '/console/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user, password }).toString(),
    localAddress,
  });
}

function count(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('sign-in attempts are counted before the password check', () => {
  it('runs at most 5 checks for 60 concurrent wrong passwords of one user', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn('alice', `guess${i}`, '127.0.0.10')),
    );
    expect(probe.calls).toBe(5);
    expect(count(answers.map((answer) => answer.status))).toEqual({ 401: 5, 429: 55 });
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body).toContain(TOO_MANY_FAILURES);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers.find((answer) => answer.status === 401)?.body).toContain(WRONG_PASSWORD);
  });

  it('runs at most 5 checks for 60 concurrent guesses over 60 user names from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(`user${i}`, 'guess', '127.0.0.11')),
    );
    expect(probe.calls).toBe(5);
    expect(count(answers.map((answer) => answer.status))).toEqual({ 401: 5, 429: 55 });
  });
});

describe('password hashing shares the thread pool with file reads', () => {
  it('runs one scrypt at a time, refuses beyond a short queue, and static files stay fast', async () => {
    const login = await signIn('bob', 'builder', '127.0.0.200');
    expect(login.status).toBe(303);
    const cookie = /^[^;]+/.exec(login.headers['set-cookie']?.[0] ?? '')?.[0] ?? '';
    probe.calls = 0;
    probe.maxRunning = 0;
    // 80 bogus sign-ins, each from an address of its own: the per-address limit does not stop
    // them, the queue does.
    let refused = 0;
    const burst = Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        signIn(`nobody${i}`, 'x', `127.0.1.${i + 1}`).then((answer) => {
          if (answer.status === 503) refused += 1;
          return answer;
        }),
      ),
    );
    // Once the server has taken in the whole burst (each attempt hashing, queued or refused),
    // a signed-in user loads a file while the sign-ins are being checked.
    for (let waited = 0; probe.calls + refused < 80 && waited < 20_000; waited += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const started = performance.now();
    const favicon = await rawRequest(base, '/ui/favicon.svg', { headers: { cookie } });
    const took = performance.now() - started;
    expect(favicon.status).toBe(200);
    expect(took).toBeLessThan(500);
    const answers = await burst;
    expect(probe.maxRunning).toBe(1);
    const counts = count(answers.map((answer) => answer.status));
    expect(counts[401]).toBe(probe.calls);
    expect(counts[503]).toBe(80 - probe.calls);
    expect(probe.calls).toBeLessThan(80);
    const busy = answers.find((answer) => answer.status === 503);
    expect(busy?.body).toContain(SIGN_IN_BUSY);
    expect(busy?.headers['retry-after']).toBe('1');
  });
});

describe('the pieces', () => {
  it('queues tasks one at a time, a few waiting, and refuses the rest at once', async () => {
    const queue = createHashQueue(1, 2);
    const order: string[] = [];
    const gates: Array<() => void> = [];
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        gates.push(() => resolve(name));
      });
    const a = queue.run(task('a'));
    const b = queue.run(task('b'));
    const c = queue.run(task('c'));
    expect(queue.run(task('d'))).toBeUndefined();
    await Promise.resolve();
    expect(order).toEqual(['a']);
    gates.shift()?.();
    expect(await a).toBe('a');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['a', 'b']);
    const e = queue.run(task('e'));
    expect(e).toBeDefined();
    for (const name of ['b', 'c', 'e']) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gates.shift()?.();
      expect(await { b, c, e }[name]).toBe(name);
    }
  });

  it('counts attempts per user and per address, and frees a released slot', () => {
    let clock = 0;
    const limiter = createAttemptLimiter(2, 60_000, () => clock);
    const first = limiter.reserve('alice', 'A');
    limiter.reserve('bob', 'A');
    expect(limiter.reserve('carol', 'A')).toEqual({ retryAfterSeconds: 60 });
    limiter.reserve('alice', 'B');
    clock = 30_000;
    expect(limiter.reserve('alice', 'C')).toEqual({ retryAfterSeconds: 30 });
    if (!('release' in first)) throw new Error('refused');
    first.release();
    expect('release' in limiter.reserve('alice', 'C')).toBe(true);
    clock = 90_001;
    expect('release' in limiter.reserve('carol', 'A')).toBe(true);
  });

  it('counts an IPv6 client by its /64 and a mapped IPv4 address as IPv4', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe(addressKey('2001:db8:1:2:ffff::1'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
  });
});
