/**
 * /console/simplestreams never reaches an internal service (issue #30, 4): internal addresses,
 * names that resolve to them, query strings and encoded paths, redirects to other paths or from
 * https to http are all refused with one message that names no address, port or system error,
 * before any request is made to the service.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCert } from './testing/certs';
import { rawRequest, tempDir, writeUiBuild } from './testing/fixtures';
import { parseConfig } from './config';
import { NOT_SIMPLESTREAMS, UNREACHABLE, createSimplestreamsHandler } from './simplestreams';
import type { ResolvedAddress } from './simplestreams-net';

const INDEX = { format: 'index:1.0', index: {} };
const tmp = tempDir('console-simplestreams-security-');

/** An internal service nobody may reach through the console server: records every request. */
let secret: http.Server;
let secretPort = 0;
/** Image servers on 127.0.0.1 the handler is told to allow (as the e2e run does). */
let images: http.Server;
let imagesPort = 0;
let tls: https.Server;
let tlsPort = 0;
let handlerServer: http.Server;
let base = '';

const asked: string[] = [];
const logged: string[] = [];
let resolved: string[] = [];

/** Test names: loopback.test and mixed.test are internal; mirror.test is the allowed server. */
const NAMES: Record<string, ResolvedAddress[]> = {
  'loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '8.8.8.8', family: 4 },
    { address: '::ffff:127.0.0.1', family: 6 },
  ],
  'mirror.test': [{ address: '127.0.0.1', family: 4 }],
};

function port(server: http.Server | https.Server): number {
  return (server.address() as AddressInfo).port;
}

function listen(server: http.Server | https.Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

beforeAll(async () => {
  secret = http.createServer((req, res) => {
    asked.push(`secret:${req.url ?? ''}`);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"secret":true}');
  });
  await listen(secret);
  secretPort = port(secret);
  images = http.createServer((req, res) => {
    asked.push(`images:${req.url ?? ''}`);
    const redirects: Record<string, string> = {
      '/to-secret/streams/v1/index.json': '/secret',
      '/to-query/streams/v1/index.json': '/streams/v1/index.json?x=1',
      '/to-file/streams/v1/index.json': 'file:///etc/streams/v1/index.json',
    };
    const location = redirects[req.url ?? ''];
    if (location !== undefined) {
      res.writeHead(302, { Location: location });
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(req.url === '/streams/v1/index.json' ? JSON.stringify(INDEX) : '{"secret":true}');
  });
  await listen(images);
  imagesPort = port(images);
  const cert = makeCert(tmp.dir, 'images');
  tls = https.createServer({ cert: cert.cert, key: cert.key }, (req, res) => {
    asked.push(`tls:${req.url ?? ''}`);
    if (req.url === '/down/streams/v1/index.json') {
      res.writeHead(302, { Location: `http://127.0.0.1:${String(tlsPort)}/streams/v1/index.json` });
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(INDEX));
  });
  await listen(tls);
  tlsPort = port(tls);

  handlerServer = http.createServer(
    createSimplestreamsHandler({
      loopbackOnly: true,
      // Short, so that a request that is not refused fails quickly instead of hanging the test.
      timeoutMs: 500,
      allow: [`127.0.0.1:${String(imagesPort)}`, `127.0.0.1:${String(tlsPort)}`],
      ca: cert.cert,
      resolve: (hostname) => {
        resolved.push(hostname);
        const addresses = NAMES[hostname];
        return addresses
          ? Promise.resolve(addresses)
          : Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
      },
      log: (line) => logged.push(line),
    }),
  );
  await listen(handlerServer);
  base = `http://127.0.0.1:${String(port(handlerServer))}`;
});

afterAll(async () => {
  for (const server of [secret, images, tls, handlerServer]) server.closeAllConnections();
  await Promise.all(
    [secret, images, tls, handlerServer].map(
      (server) => new Promise((resolve) => server.close(resolve)),
    ),
  );
  tmp.remove();
});

function ask(url: string) {
  asked.length = 0;
  logged.length = 0;
  resolved = [];
  return rawRequest(base, `/console/simplestreams?url=${encodeURIComponent(url)}`);
}

describe('internal addresses', () => {
  const file = '/streams/v1/index.json';
  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${String(secretPort)}${file}`],
    ['127.0.0.1 as a number', () => `http://2130706433:${String(secretPort)}${file}`],
    ['localhost (the system resolver)', () => `http://localhost:${String(secretPort)}${file}`],
    ['a name that resolves to loopback', () => `http://loopback.test:${String(secretPort)}${file}`],
    ['a name with one internal address', () => `http://mixed.test:${String(secretPort)}${file}`],
    ['0.0.0.0', () => `http://0.0.0.0:${String(secretPort)}${file}`],
    ['[::1]', () => `http://[::1]:${String(secretPort)}${file}`],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${String(secretPort)}${file}`],
    ['10.x', () => `http://10.20.30.40:${String(secretPort)}${file}`],
    ['172.16/12', () => `http://172.20.0.1${file}`],
    ['192.168/16', () => `http://192.168.1.1${file}`],
    ['100.64/10 (CGNAT)', () => `http://100.64.0.1${file}`],
    ['the cloud metadata service', () => `http://169.254.169.254/latest${file}`],
    ['[fe80::1]', () => `http://[fe80::1]${file}`],
    ['[fd00::1]', () => `https://[fd00::1]${file}`],
    ['[::]', () => `http://[::]:${String(secretPort)}${file}`],
    ['broadcast', () => `http://255.255.255.255${file}`],
    ['multicast', () => `http://224.0.0.1${file}`],
  ])('refuses %s with the one message, asking nobody', async (_name, url) => {
    const res = await ask(url());
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body)).toMatchObject({ error_code: 502, error: UNREACHABLE });
    expect(res.body).not.toContain(String(secretPort));
    expect(asked).toEqual([]);
    expect(logged).toHaveLength(1);
  });

  it('connects to the address it checked: a name resolved once, to an allowed address', async () => {
    const res = await ask(`http://mirror.test:${String(imagesPort)}/streams/v1/index.json`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual(INDEX);
    // mirror.test is known to the test resolver only: the connection went to its checked address.
    expect(resolved).toEqual(['mirror.test']);
    expect(asked).toEqual(['images:/streams/v1/index.json']);
  });

  it('allows only the port given with an allowed address', async () => {
    const res = await ask(`http://mirror.test:${String(secretPort)}/streams/v1/index.json`);
    expect(res.status).toBe(502);
    expect(asked).toEqual([]);
  });

  it('says the same when a name does not resolve, without the system error', async () => {
    const res = await ask('https://nowhere.test/streams/v1/index.json');
    expect(JSON.parse(res.body)).toMatchObject({ error: UNREACHABLE });
    expect(res.body).not.toContain('ENOTFOUND');
    expect(logged[0]).toContain('ENOTFOUND');
  });
});

describe('the path rule', () => {
  it.each([
    ['a query string that names a simplestreams file', '/secret?x=/streams/v1/a.json'],
    ['a query string after the file', '/streams/v1/index.json?x=1'],
    ['an encoded ?', '/secret%3Fx=/streams/v1/a.json'],
    ['an encoded /', '/secret%2F..%2Fstreams/v1/a.json'],
    ['an encoded backslash', '/secret%5Cstreams/v1/a.json'],
  ])('refuses %s, asking nobody', async (_name, path) => {
    const res = await ask(`http://127.0.0.1:${String(imagesPort)}${path}`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error_code: 400, error: NOT_SIMPLESTREAMS });
    expect(asked).toEqual([]);
  });

  it('reads the url parameter whole, even with a second unencoded ?', async () => {
    asked.length = 0;
    const res = await rawRequest(
      base,
      `/console/simplestreams?url=http://127.0.0.1:${String(imagesPort)}/secret?x=/streams/v1/a.json`,
    );
    expect(res.status).toBe(400);
    expect(asked).toEqual([]);
  });
});

describe('redirects', () => {
  it.each([
    ['to a path that is not a simplestreams file', '/to-secret/streams/v1/index.json'],
    ['to a query string', '/to-query/streams/v1/index.json'],
    ['to another scheme', '/to-file/streams/v1/index.json'],
  ])('are refused %s on the same host', async (_name, path) => {
    const res = await ask(`http://127.0.0.1:${String(imagesPort)}${path}`);
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body)).toMatchObject({ error: UNREACHABLE });
    expect(asked).toEqual([`images:${path}`]);
    expect(logged).toHaveLength(1);
  });

  it('are refused from https to http', async () => {
    const ok = await ask(`https://127.0.0.1:${String(tlsPort)}/streams/v1/index.json`);
    expect(ok.status).toBe(200);
    const res = await ask(`https://127.0.0.1:${String(tlsPort)}/down/streams/v1/index.json`);
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body)).toMatchObject({ error: UNREACHABLE });
    expect(asked).toEqual(['tls:/down/streams/v1/index.json']);
    expect(logged).toEqual([
      expect.stringContaining('it redirects from https to http; not followed') as string,
    ]);
  });
});

describe('--simplestreams-allow', () => {
  const dir = tempDir('console-simplestreams-config-');
  afterAll(() => dir.remove());

  it('takes a comma-separated list of IP addresses, with or without a port', () => {
    const ui = writeUiBuild(dir.dir);
    const argv = ['--ui-dir', ui, '--lxd-socket', '/run/lxd.socket'];
    expect(
      parseConfig([...argv, '--simplestreams-allow', '127.0.0.1:18502, 10.0.0.5,[fd00::5]:80'], {})
        .simplestreamsAllow,
    ).toEqual(['127.0.0.1:18502', '10.0.0.5', '[fd00::5]:80']);
    expect(
      parseConfig(argv, { CONSOLE_SIMPLESTREAMS_ALLOW: '192.168.1.9:8080' }).simplestreamsAllow,
    ).toEqual(['192.168.1.9:8080']);
    expect(parseConfig(argv, {}).simplestreamsAllow).toBeUndefined();
    expect(() => parseConfig([...argv, '--simplestreams-allow', 'mirror.lan:80'], {})).toThrow(
      '--simplestreams-allow takes IP addresses as ADDRESS or ADDRESS:PORT ([IPv6]:PORT), not "mirror.lan:80"',
    );
  });
});
