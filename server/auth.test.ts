import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadUsers } from './auth-files';
import {
  NOT_AUTHENTICATED,
  TOO_MANY_FAILURES,
  WRONG_PASSWORD,
  createAuthGate,
  requestUser,
  type AuthGate,
} from './auth';
import {
  DEFAULT_SCRYPT,
  createPasswordChecker,
  hashPassword,
  verifyPassword,
} from './auth-password';
import { parseScryptHash } from './auth-files';
import { rawRequest, tempDir } from './testing/fixtures';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const FAST = { N: 16, r: 1, p: 1 };
const tmp = tempDir('console-auth-');
let clock = Date.UTC(2026, 0, 1);
let gate: AuthGate;
let server: http.Server;
let base: string;
let reached: string[] = [];

beforeAll(async () => {
  const file = path.join(tmp.dir, 'users');
  writeFileSync(
    file,
    `alice:${await hashPassword('wonderland', FAST)}\nbob:${await hashPassword('builder', FAST)}\n`,
    { mode: 0o600 },
  );
  gate = createAuthGate({ users: loadUsers(file) }, { loopbackOnly: true, now: () => clock });
  // Stands in for the console server: whatever passes the gate "reaches LXD".
  server = http.createServer((req, res) => {
    if (!gate.admitRequest(req, res)) return;
    reached.push(`${req.method ?? ''} ${req.url ?? ''} as ${requestUser(req) ?? 'nobody'}`);
    res.end(`hello ${requestUser(req) ?? ''}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  gate.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  tmp.remove();
});

function login(
  user: string,
  password: string,
  extra: Record<string, string> = {},
  localAddress?: string,
) {
  return rawRequest(base, '/console/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra },
    body: new URLSearchParams({ user, password, next: '/ui/instances?project=a' }).toString(),
    ...(localAddress === undefined ? {} : { localAddress }),
  });
}

function sessionCookie(setCookie: string[] | undefined): string {
  const value = /^console_session=([^;]*)/.exec(setCookie?.[0] ?? '')?.[1];
  if (value === undefined) throw new Error('no session cookie');
  return `console_session=${value}`;
}

describe('password login', () => {
  it('sends an unauthenticated page load to the login page, and an API call gets 401', async () => {
    reached = [];
    const page = await rawRequest(base, '/ui/instances?project=a');
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/console/login?next=%2Fui%2Finstances%3Fproject%3Da');
    const api = await rawRequest(base, '/1.0/instances', { method: 'POST', body: '{}' });
    expect(api.status).toBe(401);
    expect(JSON.parse(api.body)).toMatchObject({
      type: 'error',
      error: NOT_AUTHENTICATED,
      error_code: 401,
    });
    // The console server's image-server reader is behind the same gate, answering JSON.
    const streams = await rawRequest(
      base,
      `/console/simplestreams?url=${encodeURIComponent('https://x.test/streams/v1/index.json')}`,
    );
    expect(streams.status).toBe(401);
    expect(JSON.parse(streams.body)).toMatchObject({ error: NOT_AUTHENTICATED, error_code: 401 });
    expect(reached).toEqual([]);
  });

  it('serves an accessible login page without inline script or style', async () => {
    const res = await rawRequest(base, '/console/login?next=%2Fui%2Fprofiles');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>Sign in to the LXD console</h1>');
    expect(res.body).toContain('<label for="login-user">User name</label>');
    expect(res.body).toContain('<input id="login-user" name="user"');
    expect(res.body).toContain('<label for="login-password">Password</label>');
    expect(res.body).toContain('<input id="login-password" name="password" type="password"');
    expect(res.body).toContain('<button type="submit">Sign in</button>');
    expect(res.body).toContain('name="next" value="/ui/profiles"');
    expect(res.body).not.toMatch(/<script|style=|<style|role="alert"/);
  });

  it('shows an alert for a wrong password and keeps the user name', async () => {
    const res = await login('alice', 'nope');
    expect(res.status).toBe(401);
    expect(res.body).toContain(`<p role="alert" id="login-error">${WRONG_PASSWORD}</p>`);
    expect(res.body).toContain('value="alice"');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await login('mallory', 'wonderland')).status).toBe(401);
  });

  it('signs in with a session cookie that expires after 8 hours', async () => {
    reached = [];
    const res = await login('alice', 'wonderland');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/ui/instances?project=a');
    const setCookie = res.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(
      /^console_session=A[A-Za-z0-9_-]{100,}; HttpOnly; Secure; SameSite=Strict; Path=\/; Max-Age=28800$/,
    );
    const cookie = sessionCookie(res.headers['set-cookie']);
    const api = await rawRequest(base, '/1.0', { headers: { cookie } });
    expect(api.body).toBe('hello alice');
    expect(reached).toEqual(['GET /1.0 as alice']);
    clock += 8 * 3600 * 1000 - 1000;
    expect((await rawRequest(base, '/1.0', { headers: { cookie } })).status).toBe(200);
    clock += 2000;
    expect((await rawRequest(base, '/1.0', { headers: { cookie } })).status).toBe(401);
  });

  it('treats a request carrying two session cookies as not signed in (cookie tossing)', async () => {
    const cookie = sessionCookie((await login('alice', 'wonderland')).headers['set-cookie']);
    expect((await rawRequest(base, '/1.0', { headers: { cookie } })).status).toBe(200);
    const tossed = `console_session=${'A'.repeat(43)}`;
    for (const both of [`${cookie}; ${tossed}`, `${tossed}; ${cookie}`, `${cookie}; ${cookie}`]) {
      const res = await rawRequest(base, '/1.0', { headers: { cookie: both } });
      expect(res.status).toBe(401);
    }
    // Over plain http the cookie keeps its name (browsers refuse __Host- without HTTPS).
    const prefixed = `__Host-${cookie}`;
    expect((await rawRequest(base, '/1.0', { headers: { cookie: prefixed } })).status).toBe(401);
  });

  it('refuses a made-up session id', async () => {
    const res = await rawRequest(base, '/1.0', {
      headers: { cookie: `console_session=${'A'.repeat(43)}` },
    });
    expect(res.status).toBe(401);
  });

  it('signs out with POST /console/logout', async () => {
    const cookie = sessionCookie((await login('bob', 'builder')).headers['set-cookie']);
    expect((await rawRequest(base, '/1.0', { headers: { cookie } })).body).toBe('hello bob');
    expect((await rawRequest(base, '/console/logout', { headers: { cookie } })).status).toBe(405);
    const out = await rawRequest(base, '/console/logout', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/console/login');
    expect(out.headers['set-cookie']?.[0]).toMatch(/^console_session=; .*Max-Age=0$/);
    expect((await rawRequest(base, '/1.0', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await login('bob', 'builder', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('never redirects to another site after signing in', async () => {
    const res = await rawRequest(base, '/console/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'user=bob&password=builder&next=%2F%2Fevil.example%2F',
    });
    expect(res.headers.location).toBe('/ui/');
  });

  it('limits password checks per user and per address to 5 a minute with 429', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('bob', `wrong${i}`)).status).toBe(401);
    const limited = await login('bob', 'builder');
    expect(limited.status).toBe(429);
    expect(limited.body).toContain(`<p role="alert" id="login-error">${TOO_MANY_FAILURES}</p>`);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['set-cookie']).toBeUndefined();
    // The address is spent for every user name; bob is spent from every address.
    expect((await login('alice', 'wonderland')).status).toBe(429);
    expect((await login('bob', 'builder', {}, '127.0.0.2')).status).toBe(429);
    expect((await login('alice', 'wonderland', {}, '127.0.0.2')).status).toBe(303);
    clock += 61_000;
    expect((await login('bob', 'builder')).status).toBe(303);
  });

  it('does not count a right password against the limits', async () => {
    clock += 61_000;
    for (let i = 0; i < 8; i += 1) expect((await login('alice', 'wonderland')).status).toBe(303);
    for (let i = 0; i < 5; i += 1) expect((await login('alice', `no${i}`)).status).toBe(401);
    expect((await login('alice', 'wonderland')).status).toBe(429);
    clock += 61_000;
  });

  it('needs a form body', async () => {
    const res = await rawRequest(base, '/console/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"user":"bob"}',
    });
    expect(res.status).toBe(415);
  });
});

describe('a sign-in that is given up', () => {
  it('writes no stderr line when the client goes away in the middle of the form', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const serverClosed: Array<Promise<void>> = [];
      const onConnection = (socket: net.Socket): void => {
        serverClosed.push(new Promise((resolve) => socket.once('close', () => resolve())));
      };
      server.on('connection', onConnection);
      const port = (server.address() as AddressInfo).port;
      await Promise.all(
        Array.from(
          { length: 10 },
          () =>
            new Promise<void>((resolve) => {
              const client = net.connect(port, '127.0.0.1', () => {
                client.write(
                  'POST /console/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
                    'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nuser=a',
                );
                setTimeout(() => client.destroy(), 50);
              });
              client.once('close', () => resolve());
            }),
        ),
      );
      server.off('connection', onConnection);
      await Promise.all(serverClosed);
      // Whatever the server does about it happens within a few ticks of the close.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(write.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      write.mockRestore();
    }
  });
});

describe('scrypt passwords', () => {
  it('hashes in the users-file format and verifies', async () => {
    const line = await hashPassword('s3cret', FAST);
    expect(line).toMatch(/^scrypt\$16\$1\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const parsed = parseScryptHash(line);
    if (!parsed) throw new Error('unparsable');
    expect(await verifyPassword('s3cret', parsed)).toBe(true);
    expect(await verifyPassword('s3cret ', parsed)).toBe(false);
    expect(await hashPassword('s3cret', FAST)).not.toBe(line);
  });

  it('makes new hashes with N=2^17, r=8, p=1 and still checks older N=2^15 ones', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const fresh = parseScryptHash(await hashPassword('new'));
    expect(fresh).toMatchObject({ N: 131072, r: 8, p: 1 });
    if (!fresh) throw new Error('unparsable');
    expect(await verifyPassword('new', fresh)).toBe(true);
    // A line of an older users file keeps its own parameters.
    const old = parseScryptHash(await hashPassword('old', { N: 32768, r: 8, p: 1 }));
    if (!old) throw new Error('unparsable');
    expect(await verifyPassword('old', old)).toBe(true);
    expect(await verifyPassword('olde', old)).toBe(false);
  });

  it('answers false for an unknown user after the same scrypt work', async () => {
    const stored = parseScryptHash(await hashPassword('pw', FAST));
    if (!stored) throw new Error('unparsable');
    const check = createPasswordChecker(new Map([['alice', stored]]));
    expect(await check('alice', 'pw')).toBe(true);
    expect(await check('alice', 'px')).toBe(false);
    expect(await check('nobody', 'pw')).toBe(false);
  });
});

describe('form posts under Referrer-Policy: no-referrer', () => {
  it('accepts Origin: null when the browser says the post is same-origin', async () => {
    const res = await login('alice', 'wonderland', {
      origin: 'null',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.status).toBe(303);
  });

  it('refuses Origin: null from another site or without Sec-Fetch-Site', async () => {
    expect((await login('alice', 'wonderland', { origin: 'null' })).status).toBe(403);
    const crossSite = await login('alice', 'wonderland', {
      origin: 'null',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
  });
});

it('serves the login stylesheet without signing in', async () => {
  const res = await rawRequest(base, '/console/login.css');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
  expect(res.body).toContain("[role='alert']");
  expect((await rawRequest(base, '/console/login')).body).toContain(
    '<link rel="stylesheet" href="/console/login.css">',
  );
});
