/**
 * Signed-in users on several remotes: the identities file's top level is the default remote's,
 * its "remotes" sections the others' (a remote without one takes the top "default", so "deny"
 * stays deny); the gate, the audit log (with the remote and the path LXD saw) and the start-up
 * lines for another remote that does not trust the console or a user's certificate.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createConsoleServer, type ConsoleServer } from './app';
import { NOT_AUTHENTICATED } from './auth';
import { hashPassword } from './auth-password';
import { makeCert, type TestCert } from './testing/certs';
import { startFakeRemote, type FakeRemote } from './testing/fake-remote';
import { rawRequest, tempDir, writeUiBuild } from './testing/fixtures';

const tmp = tempDir('console-remotes-identities-');
const auditFile = path.join(tmp.dir, 'audit.log');
let local: FakeRemote;
let incus: FakeRemote;
let other: FakeRemote;
let server: ConsoleServer;
let base = '';
const startLines: string[] = [];
let eve: TestCert;
let stranger: TestCert;
const cookies = new Map<string, string>();

const trustedUnlessUnknown = (client: string) => (client === 'unknown' ? 'untrusted' : 'trusted');

beforeAll(async () => {
  const cert = (name: string) => makeCert(tmp.dir, name);
  const [lxdA, lxdB, consoleA, consoleB, alice, bob] = [
    cert('lxd-a'),
    cert('lxd-b'),
    cert('console-a'),
    cert('console-b'),
    cert('alice'),
    cert('bob'),
  ];
  eve = cert('eve');
  stranger = cert('stranger');
  local = await startFakeRemote({
    name: 'local',
    auth: trustedUnlessUnknown,
    tls: {
      ...lxdA,
      names: new Map([
        [consoleA.fingerprint, 'server'],
        [alice.fingerprint, 'alice'],
      ]),
    },
  });
  incus = await startFakeRemote({
    name: 'incus',
    auth: trustedUnlessUnknown,
    environment: { server: 'incus', server_version: '6.0.1', server_clustered: false },
    tls: {
      ...lxdB,
      names: new Map([
        [consoleB.fingerprint, 'server'],
        [bob.fingerprint, 'bob'],
      ]),
    },
  });
  other = await startFakeRemote({ name: 'other', socket: path.join(tmp.dir, 'other.socket') });
  const remotes = path.join(tmp.dir, 'remotes.json');
  writeFileSync(
    remotes,
    JSON.stringify({
      remotes: {
        incus: { url: incus.address, cert: 'console-b.crt', key: 'console-b.key' },
        other: { socket: 'other.socket' },
        stranger: { url: incus.address, cert: 'stranger.crt', key: 'stranger.key' },
      },
    }),
  );
  const identities = path.join(tmp.dir, 'identities.json');
  writeFileSync(
    identities,
    JSON.stringify({
      users: { alice: { cert: 'alice.crt', key: 'alice.key' } },
      default: 'deny',
      remotes: {
        incus: {
          users: {
            bob: { cert: 'bob.crt', key: 'bob.key' },
            eve: { cert: 'eve.crt', key: 'eve.key' },
          },
          default: 'server',
        },
      },
    }),
  );
  const fast = { N: 16, r: 1, p: 1 };
  const users = path.join(tmp.dir, 'users');
  const lines = await Promise.all(
    ['alice', 'bob', 'carol'].map(
      async (user) => `${user}:${await hashPassword(`${user}-pw`, fast)}`,
    ),
  );
  writeFileSync(users, `${lines.join('\n')}\n`, { mode: 0o600 });
  server = createConsoleServer({
    uiDir: writeUiBuild(tmp.dir),
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'url', url: local.address, cert: consoleA.certFile, key: consoleA.keyFile },
    remotes,
    auth: { users },
    identities,
    auditLog: { file: auditFile, maxBytes: 1_000_000 },
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    startLines.push(String(chunk));
    return true;
  });
  try {
    base = (await server.listen()).url.replace(/\/ui\/$/, '');
  } finally {
    stderr.mockRestore();
  }
  for (const user of ['alice', 'bob', 'carol']) {
    const res = await rawRequest(base, '/console/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `user=${user}&password=${user}-pw`,
    });
    const cookie = /^console_session=[^;]+/.exec(res.headers['set-cookie']?.[0] ?? '')?.[0];
    if (cookie === undefined) throw new Error(`sign-in of ${user} failed: ${res.status}`);
    cookies.set(user, cookie);
  }
}, 60_000);

afterAll(async () => {
  await server.close();
  await Promise.all([local.close(), incus.close(), other.close()]);
  tmp.remove();
});

function as(user: string, target: string, method = 'GET') {
  return rawRequest(base, target, {
    method,
    headers: {
      cookie: cookies.get(user) ?? '',
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(method === 'GET' ? {} : { body: '{}' }),
  });
}

function wsStatus(user: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${target}`, {
      headers: { cookie: cookies.get(user) ?? '' },
    });
    ws.once('message', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

it('starts, saying in one line each which certificate another remote does not trust', () => {
  const untrusted = (cert: TestCert) =>
    `LXD at ${incus.address} does not trust the client certificate ${cert.certFile} (auth: untrusted); trust it with: lxc config trust add ${cert.certFile}`;
  expect(startLines).toEqual([
    `console server: remote "stranger": ${untrusted(stranger)}\n`,
    `console server: remote "incus": identity of "eve": ${untrusted(eve)}\n`,
  ]);
});

describe('identities per remote', () => {
  it("sends each user's requests and websockets with their identity on that remote", async () => {
    local.seen.length = 0;
    incus.seen.length = 0;
    expect((await as('alice', '/1.0/instances')).status).toBe(200);
    expect((await as('alice', '/remote/incus/1.0/instances')).status).toBe(200);
    expect((await as('bob', '/remote/incus/1.0/instances?project=b')).status).toBe(200);
    expect((await as('carol', '/remote/incus/1.0/instances')).status).toBe(200);
    expect(await wsStatus('bob', '/remote/incus/1.0/events')).toBe(101);
    expect(await wsStatus('alice', '/remote/local/1.0/events')).toBe(101);
    expect(local.seen).toEqual(['GET /1.0/instances alice', 'WS /1.0/events alice']);
    expect(incus.seen).toEqual([
      // The section's "default": "server": alice and carol act as the console there.
      'GET /1.0/instances server',
      'GET /1.0/instances?project=b bob',
      'GET /1.0/instances server',
      'WS /1.0/events bob',
    ]);
  });

  it('refuses where the user has no identity and the default is "deny", inherited or not', async () => {
    const message = (user: string) =>
      `console server: user "${user}" has no LXD identity on this console server`;
    for (const [user, target] of [
      ['bob', '/1.0/instances'],
      ['carol', '/remote/local/1.0/instances'],
      ['alice', '/remote/other/1.0/instances'],
      ['bob', '/remote/other/1.0/instances'],
    ] as const) {
      const res = await as(user, target);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ error_code: 403, error: message(user) });
    }
    expect(await wsStatus('alice', '/remote/other/1.0/events')).toBe(403);
    expect(other.seen).toEqual([]);
  });

  it('lets nobody reach a remote, or the list of remotes, without signing in', async () => {
    for (const target of ['/remote/incus/1.0', '/console/remotes', '/remote/nope/1.0']) {
      const res = await rawRequest(base, target);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toMatchObject({ error: NOT_AUTHENTICATED });
    }
  });

  it("lists the remotes with the console's own identity on each", async () => {
    const res = await as('bob', '/console/remotes');
    const body = JSON.parse(res.body) as { remotes: Array<Record<string, unknown>> };
    expect(body.remotes.map(({ name, state, kind }) => [name, state, kind])).toEqual([
      ['local', 'online', 'lxd'],
      ['incus', 'online', 'incus'],
      ['other', 'online', 'lxd'],
      ['stranger', 'untrusted', null],
    ]);
    expect(body.remotes[3]).toEqual({
      name: 'stranger',
      default: false,
      url: incus.address,
      state: 'untrusted',
      kind: null,
      version: null,
      clustered: null,
      error: `LXD at ${incus.address} does not trust the client certificate ${stranger.certFile} (auth: untrusted); trust it with: lxc config trust add ${stranger.certFile}`,
    });
  });
});

describe('the audit log', () => {
  it('names the remote on every line, and the path as LXD saw it', async () => {
    await as('bob', '/remote/incus/1.0/instances?project=p', 'POST');
    await as('alice', '/1.0/instances', 'POST');
    await as('alice', '/remote/other/1.0/instances', 'DELETE');
    expect(await wsStatus('bob', '/remote/incus/1.0/operations/o1/websocket?secret=s3')).toBe(101);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const entries = readFileSync(auditFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const ended = entries
      .filter((entry) => entry.phase === 'end')
      .map(({ user, remote, method, path: seen, status }) => ({
        user,
        remote,
        method,
        path: seen,
        status,
      }));
    expect(ended).toEqual([
      {
        user: 'bob',
        remote: 'incus',
        method: 'POST',
        path: '/1.0/instances?project=p',
        status: 200,
      },
      { user: 'alice', remote: 'local', method: 'POST', path: '/1.0/instances', status: 200 },
      { user: 'alice', remote: 'other', method: 'DELETE', path: '/1.0/instances', status: 403 },
      {
        user: 'bob',
        remote: 'incus',
        method: 'GET',
        path: '/1.0/operations/o1/websocket?secret=REDACTED',
        status: 101,
      },
    ]);
    expect(entries.every((entry) => typeof entry.remote === 'string')).toBe(true);
  });
});
