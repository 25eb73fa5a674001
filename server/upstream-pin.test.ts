/**
 * --lxd-server-cert (the README's team example uses it): the console server talks to an LXD over
 * HTTPS only when it presents exactly the pinned certificate.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer } from './app';
import { makeCert, type TestCert } from './testing/certs';
import { rawRequest, tempDir, writeUiBuild } from './testing/fixtures';

const tmp = tempDir('console-upstream-pin-');
let lxd: https.Server;
let lxdUrl = '';
let lxdCert: TestCert;
let otherCert: TestCert;
let client: TestCert;
let ui = '';

beforeAll(async () => {
  lxdCert = makeCert(tmp.dir, 'lxd-server');
  otherCert = makeCert(tmp.dir, 'someone-else');
  client = makeCert(tmp.dir, 'console-client');
  ui = writeUiBuild(tmp.dir);
  lxd = https.createServer({ cert: lxdCert.cert, key: lxdCert.key }, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        type: 'sync',
        metadata: { auth: 'trusted', environment: { server_version: '6.1' } },
      }),
    );
  });
  await new Promise<void>((resolve) => lxd.listen(0, '127.0.0.1', resolve));
  lxdUrl = `https://127.0.0.1:${String((lxd.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  lxd.closeAllConnections();
  await new Promise((resolve) => lxd.close(resolve));
  tmp.remove();
});

function consoleFor(serverCert: string) {
  return createConsoleServer({
    uiDir: ui,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'url', url: lxdUrl, cert: client.certFile, key: client.keyFile, serverCert },
  });
}

describe('--lxd-server-cert', () => {
  it('talks to an LXD that presents the pinned certificate', async () => {
    const server = consoleFor(lxdCert.certFile);
    const { url } = await server.listen();
    const res = await rawRequest(url.replace(/\/ui\/$/, ''), '/1.0');
    expect(res.status).toBe(200);
    await server.close();
  });

  it('refuses to start against an LXD that presents another certificate', async () => {
    const server = consoleFor(otherCert.certFile);
    await expect(server.listen()).rejects.toThrow(
      `LXD at ${lxdUrl} presented a certificate other than ${otherCert.certFile} (--lxd-server-cert)`,
    );
  });
});
