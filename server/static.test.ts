import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './app';
import {
  INDEX_HTML,
  rawRequest,
  startFakeLxd,
  tempDir,
  writeUiBuild,
  type FakeLxd,
} from './testing/fixtures';

const tmp = tempDir('console-static-');
let lxd: FakeLxd;
let server: ConsoleServer;
let base: string;

beforeAll(async () => {
  const ui = writeUiBuild(tmp.dir);
  writeFileSync(path.join(tmp.dir, 'secret.txt'), 'outside');
  symlinkSync(path.join(tmp.dir, 'secret.txt'), path.join(ui, 'leak.txt'));
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  server = createConsoleServer({
    uiDir: ui,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: lxd.socket },
  });
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
});

afterAll(async () => {
  await server.close();
  await lxd.close();
  tmp.remove();
});

describe('static files', () => {
  it('redirects / and /ui to /ui/', async () => {
    for (const target of ['/', '/ui']) {
      const res = await rawRequest(base, target);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/ui/');
    }
    expect((await rawRequest(base, '/ui?a=b')).headers.location).toBe('/ui/?a=b');
  });

  it('serves index.html at /ui/ with no-cache', async () => {
    const res = await rawRequest(base, '/ui/');
    expect(res.status).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it.each([
    '/ui/project/default/instances',
    '/ui/project/default/instance/c1/terminal',
    '/ui/index.html',
    '/ui/settings?tab=x',
  ])('answers the deep link %s with index.html', async (target) => {
    const res = await rawRequest(base, target);
    expect(res.status).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('gives hashed assets a year of immutable caching and the right types', async () => {
    const js = await rawRequest(base, '/ui/assets/index-AbC123.js');
    expect(js.status).toBe(200);
    expect(js.body).toBe('console.log(1);');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['/ui/assets/index-AbC123.css', 'text/css; charset=utf-8'],
    ['/ui/assets/font-x1.woff2', 'font/woff2'],
    ['/ui/assets/mod-x2.wasm', 'application/wasm'],
    ['/ui/assets/logo-x3.png', 'image/png'],
    ['/ui/favicon.svg', 'image/svg+xml'],
    ['/ui/favicon.ico', 'image/x-icon'],
    ['/ui/manifest.json', 'application/json; charset=utf-8'],
    ['/ui/robots.txt', 'text/plain; charset=utf-8'],
  ])('serves %s as %s', async (target, type) => {
    const res = await rawRequest(base, target);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  });

  it('does not cache files outside assets/ forever', async () => {
    expect((await rawRequest(base, '/ui/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not index.html, for a missing asset', async () => {
    const res = await rawRequest(base, '/ui/assets/gone-123.js');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('<!doctype');
  });

  it('answers HEAD with headers and no body', async () => {
    const res = await rawRequest(base, '/ui/assets/index-AbC123.js', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String('console.log(1);'.length));
    expect(res.body).toBe('');
    const deep = await rawRequest(base, '/ui/project/default/instances', { method: 'HEAD' });
    expect(deep.status).toBe(200);
    expect(deep.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await rawRequest(base, '/ui/');
    const etag = first.headers.etag ?? '';
    expect(etag).not.toBe('');
    const again = await rawRequest(base, '/ui/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses other methods on static paths', async () => {
    const res = await rawRequest(base, '/ui/', { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it.each([
    '/ui/../etc/passwd',
    '/ui/../../etc/passwd',
    '/ui/%2e%2e/%2e%2e/etc/passwd',
    '/ui/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/ui/assets/..%2f..%2f..%2fetc%2fpasswd',
    '/ui/..%5c..%5cetc%5cpasswd',
    '/ui/../secret.txt',
  ])('refuses the traversal %s with 400', async (target) => {
    const res = await rawRequest(base, target);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain('root:');
    expect(res.body).not.toContain('outside');
  });

  it('does not follow a symbolic link out of the build', async () => {
    const res = await rawRequest(base, '/ui/leak.txt');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('outside');
  });

  it.each([
    ['/ui/', 200],
    ['/ui/instances', 200],
    ['/ui/assets/index-AbC123.js', 200],
    ['/ui/assets/gone.js', 404],
    ['/ui', 302],
    ['/nope', 404],
    ['/ui/../x', 400],
    ['/1.0', 200],
    ['/1.0/nope', 404],
  ])('sends the security headers with %s (%i)', async (target, status) => {
    const res = await rawRequest(base, target);
    expect(res.status).toBe(status);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keeps the page policy off LXD's own answers, and frames out pages without a meta policy", async () => {
    expect((await rawRequest(base, '/1.0')).headers['content-security-policy']).toBeUndefined();
    for (const target of ['/ui/', '/ui', '/nope']) {
      const res = await rawRequest(base, target);
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    }
  });

  it.each(['/etc/passwd', '/1.0evil', '/secret.txt', '/uix', '/assets/index-AbC123.js'])(
    'answers 404 for %s',
    async (target) => {
      const res = await rawRequest(base, target);
      expect(res.status).toBe(404);
    },
  );
});

describe('the Content-Security-Policy header', () => {
  const dir = tempDir('console-csp-');
  const policy = "default-src 'self'; script-src 'self' 'sha256-abc='; object-src 'none'";
  const page = (csp: string) =>
    `<!doctype html><head><meta http-equiv="Content-Security-Policy" content="${csp}" /></head>`;
  let cspServer: ConsoleServer;
  let cspBase: string;
  let ui: string;

  beforeAll(async () => {
    ui = writeUiBuild(dir.dir);
    writeFileSync(path.join(ui, 'index.html'), page(policy));
    cspServer = createConsoleServer({
      uiDir: ui,
      host: '127.0.0.1',
      port: 0,
      lxd: { kind: 'socket', path: lxd.socket },
    });
    cspBase = (await cspServer.listen()).url.replace(/\/ui\/$/, '');
  });

  afterAll(async () => {
    await cspServer.close();
    dir.remove();
  });

  it("is index.html's meta policy plus frame-ancestors, on pages and the server's own answers", async () => {
    for (const target of ['/ui/', '/ui/project/default/instances', '/ui', '/nope']) {
      const res = await rawRequest(cspBase, target);
      expect(res.headers['content-security-policy']).toBe(`${policy}; frame-ancestors 'none'`);
    }
    const page200 = await rawRequest(cspBase, '/ui/');
    expect(page200.headers['x-frame-options']).toBe('DENY');
    expect(page200.headers['referrer-policy']).toBe('no-referrer');
  });

  it('follows a new build of index.html', async () => {
    const next = policy.replace('abc=', 'def=');
    writeFileSync(path.join(ui, 'index.html'), page(next));
    const res = await rawRequest(cspBase, '/ui/');
    expect(res.headers['content-security-policy']).toBe(`${next}; frame-ancestors 'none'`);
    expect((await rawRequest(cspBase, '/nope')).headers['content-security-policy']).toBe(
      `${next}; frame-ancestors 'none'`,
    );
  });
});
