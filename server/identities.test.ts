import { writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createConsoleServer, type ConsoleServer } from './app';
import { hashPassword } from './auth-password';
import { makeCert, type TestCert } from './testing/certs';
import { OIDC_CALLBACK_PATH } from './auth-oidc';
import { rawRequest, tempDir, writeUiBuild } from './testing/fixtures';
import { Browser, freePort, startTestProvider } from './testing/oidc-provider';

const tmp = tempDir('console-identities-');
let lxd: https.Server;
let lxdUrl: string;
/** "<method> <path> <client certificate's name>" for each request LXD got. */
let seen: string[] = [];
const names = new Map<string, string>();
let serverId: TestCert;
let aliceId: TestCert;
let opsId: TestCert;
let staffId: TestCert;
let usersFile: string;
let uiDir: string;

function peerName(socket: unknown): string {
  const fingerprint = (socket as TLSSocket)
    .getPeerCertificate()
    .fingerprint256.replaceAll(':', '')
    .toLowerCase();
  return names.get(fingerprint) ?? 'unknown';
}

beforeAll(async () => {
  const lxdCert = makeCert(tmp.dir, 'lxd-server');
  serverId = makeCert(tmp.dir, 'console-identity');
  aliceId = makeCert(tmp.dir, 'alice-restricted');
  names.set(serverId.fingerprint, 'server');
  names.set(aliceId.fingerprint, 'alice');
  opsId = makeCert(tmp.dir, 'ops');
  staffId = makeCert(tmp.dir, 'staff');
  names.set(opsId.fingerprint, 'ops');
  names.set(staffId.fingerprint, 'staff');
  // A fake LXD over HTTPS that notes which client certificate each request came with.
  lxd = https.createServer(
    { cert: lxdCert.cert, key: lxdCert.key, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      if (req.url !== '/1.0')
        seen.push(`${req.method ?? ''} ${req.url ?? ''} ${peerName(req.socket)}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          type: 'sync',
          status_code: 200,
          metadata: {
            auth: peerName(req.socket) === 'unknown' ? 'untrusted' : 'trusted',
            environment: { server_version: '5.0.2' },
          },
        }),
      );
    },
  );
  const wss = new WebSocketServer({ noServer: true });
  lxd.on('upgrade', (req, socket, head) => {
    seen.push(`WS ${req.url ?? ''} ${peerName(socket)}`);
    wss.handleUpgrade(req, socket, head, (ws) => ws.send('hi'));
  });
  await new Promise<void>((resolve) => lxd.listen(0, '127.0.0.1', resolve));
  lxdUrl = `https://127.0.0.1:${(lxd.address() as AddressInfo).port}`;
  const fast = { N: 16, r: 1, p: 1 };
  usersFile = path.join(tmp.dir, 'users');
  writeFileSync(
    usersFile,
    `alice:${await hashPassword('a-pw', fast)}\nbob:${await hashPassword('b-pw', fast)}\n`,
    { mode: 0o600 },
  );
  uiDir = writeUiBuild(tmp.dir);
}, 60_000);

afterAll(async () => {
  lxd.closeAllConnections();
  await new Promise<void>((resolve) => lxd.close(() => resolve()));
  tmp.remove();
});

async function startConsole(
  fallback: 'server' | 'deny',
  aliceCert = 'alice-restricted',
): Promise<{ server: ConsoleServer; base: string }> {
  const identities = path.join(tmp.dir, `identities-${fallback}.json`);
  writeFileSync(
    identities,
    JSON.stringify({
      users: { alice: { cert: `${aliceCert}.crt`, key: `${aliceCert}.key` } },
      default: fallback,
    }),
  );
  const server = createConsoleServer({
    uiDir,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'url', url: lxdUrl, cert: serverId.certFile, key: serverId.keyFile },
    auth: { users: usersFile },
    identities,
  });
  const base = (await server.listen()).url.replace(/\/ui\/$/, '');
  return { server, base };
}

async function signIn(base: string, user: string, password: string): Promise<string> {
  const res = await rawRequest(base, '/console/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `user=${user}&password=${password}`,
  });
  const cookie = /^console_session=[^;]+/.exec(res.headers['set-cookie']?.[0] ?? '')?.[0];
  if (!cookie) throw new Error(`sign-in of ${user} failed: ${res.status}`);
  return cookie;
}

function wsStatus(base: string, target: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${target}`, { headers: { cookie } });
    ws.once('message', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('per-user LXD identities', () => {
  it("sends a mapped user's requests and websockets with that user's certificate", async () => {
    const { server, base } = await startConsole('server');
    try {
      const alice = await signIn(base, 'alice', 'a-pw');
      const bob = await signIn(base, 'bob', 'b-pw');
      seen = [];
      await rawRequest(base, '/1.0/instances', { headers: { cookie: alice } });
      await rawRequest(base, '/1.0/instances', { headers: { cookie: bob } });
      await rawRequest(base, '/1.0/instances', {
        method: 'POST',
        headers: { cookie: alice, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(await wsStatus(base, '/1.0/events', alice)).toBe(101);
      expect(await wsStatus(base, '/1.0/events?project=b', bob)).toBe(101);
      expect(seen).toEqual([
        'GET /1.0/instances alice',
        'GET /1.0/instances server',
        'POST /1.0/instances alice',
        'WS /1.0/events alice',
        'WS /1.0/events?project=b server',
      ]);
    } finally {
      await server.close();
    }
  });

  it('refuses users without an identity when the default is "deny"', async () => {
    const { server, base } = await startConsole('deny');
    try {
      const alice = await signIn(base, 'alice', 'a-pw');
      const bob = await signIn(base, 'bob', 'b-pw');
      seen = [];
      const refused = await rawRequest(base, '/1.0/instances', { headers: { cookie: bob } });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({
        error_code: 403,
        error: 'console server: user "bob" has no LXD identity on this console server',
      });
      expect(await wsStatus(base, '/1.0/events', bob)).toBe(403);
      expect(
        (await rawRequest(base, '/1.0/instances', { headers: { cookie: alice } })).status,
      ).toBe(200);
      expect(seen).toEqual(['GET /1.0/instances alice']);
    } finally {
      await server.close();
    }
  });
});

it("refuses to start when LXD does not trust a user's certificate, in one line", async () => {
  const stranger = makeCert(tmp.dir, 'stranger');
  await expect(startConsole('server', 'stranger')).rejects.toThrow(
    `identity of "alice": LXD at ${lxdUrl} does not trust the client certificate ${stranger.certFile} (auth: untrusted); trust it with: lxc config trust add ${stranger.certFile}`,
  );
});

describe('single sign-on users and their provider groups', () => {
  it('act with the identity of their own entry, else of their first mapped group', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const redirectUrl = `${base}${OIDC_CALLBACK_PATH}`;
    const provider = await startTestProvider({
      clientId: 'console',
      redirectUrl,
      accounts: {
        alice: { email: 'alice', groups: ['ops'] },
        dana: { email: 'dana@example.com', groups: ['staff', 'ops'] },
        erin: { email: 'erin@example.com', groups: ['staff', 'interns'] },
        frank: { email: 'frank@example.com', groups: ['interns'] },
      },
    });
    const identities = path.join(tmp.dir, 'identities-groups.json');
    writeFileSync(
      identities,
      JSON.stringify({
        users: { alice: { cert: 'alice-restricted.crt', key: 'alice-restricted.key' } },
        // The file's order decides: dana is in both and acts as "ops".
        groups: {
          ops: { cert: 'ops.crt', key: 'ops.key' },
          staff: { cert: 'staff.crt', key: 'staff.key' },
        },
        default: 'deny',
      }),
    );
    const server = createConsoleServer({
      uiDir,
      host: '127.0.0.1',
      port,
      lxd: { kind: 'url', url: lxdUrl, cert: serverId.certFile, key: serverId.keyFile },
      auth: {
        oidc: {
          issuer: provider.issuer,
          clientId: 'console',
          redirectUrl,
          claim: 'email',
          scopes: 'openid email profile',
          groupsClaim: 'groups',
        },
      },
      identities,
    });
    try {
      await server.listen();
      const statuses: number[] = [];
      seen = [];
      for (const login of ['alice', 'dana', 'erin', 'frank']) {
        const browser = new Browser();
        const start = await browser.get(`${base}/console/oidc/start`);
        await browser.signInAtProvider(start.headers.get('location') ?? '', login);
        statuses.push((await browser.get(`${base}/1.0/instances`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 403]);
      expect(seen).toEqual([
        'GET /1.0/instances alice',
        'GET /1.0/instances ops',
        'GET /1.0/instances staff',
      ]);
    } finally {
      await server.close();
      await provider.close();
    }
  });
});
