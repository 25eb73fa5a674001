/**
 * The console server against the real e2e LXD, without a browser page: redirects, SPA fallback,
 * refusals, LXD's errors passed through, events and exec websockets, a second in-process server
 * on the unix socket, and the one-line start-up errors of `tsx server/main.ts`.
 *
 * Reads CONSOLE_URL, LXD_URL, LXD_ADMIN_CERT, LXD_ADMIN_KEY and LXD_SOCKET from the environment.
 */
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createConsoleServer } from '../../server/app';
import { DEFAULT_UI_DIR } from '../../server/config';
import { makeClientCertificate } from '../support/certificates';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function env(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

const consoleUrl = () => env('CONSOLE_URL').replace(/\/(ui\/?)?$/, '');
const wsUrl = (pathAndQuery: string) => consoleUrl().replace(/^http/, 'ws') + pathAndQuery;

interface Envelope {
  type: string;
  status_code: number;
  error_code: number;
  error: string;
  operation: string;
  metadata: Record<string, unknown> | null;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with the path sent exactly as written (fetch would resolve `..`). */
function raw(base: string, rawPath: string, tls?: https.RequestOptions): Promise<RawResponse> {
  const url = new URL(base);
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      { host: url.hostname, port: url.port, path: rawPath, ...tls },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** One LXD call through the console server under test. */
async function call(method: string, apiPath: string, body?: unknown): Promise<Envelope> {
  const res = await fetch(consoleUrl() + apiPath, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as Envelope;
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${envelope.error}`);
  return envelope;
}

async function waitOperation(envelope: Envelope): Promise<Envelope> {
  const done = await call('GET', `${envelope.operation}/wait?timeout=60`);
  const status = (done.metadata as { status?: string } | null)?.status;
  if (status !== 'Success')
    throw new Error(`operation ${envelope.operation} ended ${status ?? '?'}`);
  return done;
}

function openWs(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      // Keep LXD's own error text: it says why the upgrade was refused.
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => reject(new Error(`${url}: HTTP ${res.statusCode ?? 0} ${body}`)));
    });
    ws.once('error', reject);
  });
}

/** Runs `echo text` in a container over the exec websockets; resolves with what fd 1 carried. */
async function execEcho(name: string, text: string): Promise<string> {
  const exec = await call('POST', `/1.0/instances/${name}/exec`, {
    command: ['echo', text],
    'wait-for-websocket': true,
    interactive: false,
  });
  const fds = (exec.metadata as { metadata: { fds: Record<string, string> } }).metadata.fds;
  let stdout = '';
  const sockets: WebSocket[] = [];
  try {
    for (const fd of ['0', '1', '2', 'control']) {
      const ws = await openWs(wsUrl(`${exec.operation}/websocket?secret=${fds[fd] ?? ''}`));
      if (fd === '1') ws.on('message', (data: Buffer) => (stdout += data.toString()));
      sockets.push(ws);
    }
    sockets[0]?.close();
    const done = await waitOperation(exec);
    expect((done.metadata as { metadata: { return: number } }).metadata.return).toBe(0);
    await expect.poll(() => stdout, { timeout: 5_000 }).toContain(text);
    return stdout;
  } finally {
    for (const ws of sockets) ws.close();
  }
}

const randomName = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('/ and /ui redirect to /ui/', async () => {
  for (const target of ['/', '/ui']) {
    const res = await fetch(consoleUrl() + target, { redirect: 'manual' });
    expect(res.status, target).toBeGreaterThanOrEqual(301);
    expect(res.status, target).toBeLessThanOrEqual(308);
    expect(res.headers.get('location'), target).toBe('/ui/');
  }
});

test('a deep link under /ui/ returns index.html', async () => {
  const index = await fetch(`${consoleUrl()}/ui/`);
  const deep = await fetch(`${consoleUrl()}/ui/project/default/profiles`);
  expect(deep.status).toBe(200);
  expect(deep.headers.get('content-type')).toContain('text/html');
  expect(deep.headers.get('cache-control')).toBe('no-cache');
  expect(await deep.text()).toBe(await index.text());
});

test("an instance list's page holds LXD's names answer (not /1.0), and is not stored", async () => {
  const index = await (await fetch(`${consoleUrl()}/ui/`)).text();
  const list = await fetch(`${consoleUrl()}/ui/project/default/instances`);
  expect(list.status).toBe(200);
  expect(list.headers.get('cache-control')).toBe('no-store');
  const page = await list.text();
  const block = /<script type="application\/json" id="lxd-early-data">(.*?)<\/script>\n\s*/.exec(
    page,
  );
  expect(block).not.toBeNull();
  // The page as built, with the data block in front of its first script.
  expect(page.replace(block?.[0] ?? '', '')).toBe(index);
  const NAMES = '/1.0/instances?project=default&recursion=0';
  const data = JSON.parse(block?.[1] ?? '{}') as Record<string, { body: string }>;
  expect(Object.keys(data)).toEqual([NAMES]);
  const embedded = JSON.parse(data[NAMES]?.body ?? '{}') as { metadata: unknown };
  const asked = (await (await fetch(`${consoleUrl()}${NAMES}`)).json()) as { metadata: unknown };
  expect(embedded.metadata).toEqual(asked.metadata);
});

test("/1.0/nope returns LXD's own 404 JSON unchanged", async () => {
  const tls = {
    cert: readFileSync(env('LXD_ADMIN_CERT')),
    key: readFileSync(env('LXD_ADMIN_KEY')),
    rejectUnauthorized: false,
  };
  const direct = await raw(env('LXD_URL'), '/1.0/nope', tls);
  const proxied = await raw(consoleUrl(), '/1.0/nope');
  expect(direct.status).toBe(404);
  expect(proxied.status).toBe(404);
  expect(proxied.headers['content-type']).toBe(direct.headers['content-type']);
  expect(proxied.body).toBe(direct.body);
  expect(JSON.parse(proxied.body)).toMatchObject({ type: 'error', error_code: 404 });
});

test('paths outside /ui, /1.0, /oidc and /documentation are refused', async () => {
  for (const target of [
    '/etc/passwd',
    '/ui/../../etc/passwd',
    '/ui/%2e%2e/%2e%2e/etc/passwd',
    '/1.0evil',
    '/1.0/../../etc/passwd',
  ]) {
    const res = await raw(consoleUrl(), target);
    expect([400, 404], target).toContain(res.status);
    expect(res.body, target).not.toContain('root:');
  }
});

test('the events websocket delivers lifecycle events for a project created and deleted through the proxy', async () => {
  const events: { type: string; metadata: { action?: string; source?: string } }[] = [];
  const ws = await openWs(wsUrl('/1.0/events?type=lifecycle,operation&all-projects=true'));
  ws.on('message', (data: Buffer) =>
    events.push(JSON.parse(data.toString()) as (typeof events)[number]),
  );
  const name = randomName('srv');
  try {
    await call('POST', '/1.0/projects', { name, config: {} });
    await call('DELETE', `/1.0/projects/${name}`);
    const actions = () =>
      events
        .filter((e) => e.type === 'lifecycle' && e.metadata.source === `/1.0/projects/${name}`)
        .map((e) => e.metadata.action);
    await expect.poll(actions, { timeout: 10_000 }).toEqual(['project-created', 'project-deleted']);
  } finally {
    ws.close();
    await call('DELETE', `/1.0/projects/${name}`).catch(() => undefined);
  }
});

test('an exec websocket on a busybox container returns its output', async () => {
  const name = randomName('srv');
  await waitOperation(
    await call('POST', '/1.0/instances', { name, source: { type: 'image', alias: 'busybox' } }),
  );
  try {
    await waitOperation(
      await call('PUT', `/1.0/instances/${name}/state`, { action: 'start', timeout: 30 }),
    );
    // LXD 5.0.2 now and then refuses an exec websocket with a 500 while other containers start
    // (seen once in CI with both workers busy); a new exec is what `lxc exec` would do.
    let output = '';
    for (let attempt = 1; ; attempt += 1) {
      try {
        output = await execEcho(name, 'hi-from-exec');
        break;
      } catch (error) {
        if (attempt === 3 || !/HTTP 500/.test(String(error))) throw error;
      }
    }
    expect(output).toContain('hi-from-exec');
  } finally {
    await call('PUT', `/1.0/instances/${name}/state`, { action: 'stop', force: true })
      .then(waitOperation)
      .catch(() => undefined);
    await call('DELETE', `/1.0/instances/${name}`)
      .then(waitOperation)
      .catch(() => undefined);
  }
});

test('a second console server in-process proxies GET /1.0 over the unix socket', async () => {
  const server = createConsoleServer({
    uiDir: DEFAULT_UI_DIR,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: env('LXD_SOCKET') },
  });
  const { url, lxdVersion } = await server.listen();
  try {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ui\/$/);
    const res = await fetch(new URL('/1.0', url));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      metadata: { auth: string; environment: { server_version: string } };
    };
    expect(body.metadata.auth).toBe('trusted');
    expect(body.metadata.environment.server_version).toBe(lxdVersion);
  } finally {
    await server.close();
  }
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runMain(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      [path.join(repo, 'server', 'main.ts'), ...args],
      {
        env: { PATH: process.env.PATH ?? '' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('server/main.ts exits 1 with one line on stderr for a bogus socket path', async () => {
  const socket = path.join(os.tmpdir(), `${randomName('no-lxd')}.socket`);
  const run = await runMain(['--lxd-socket', socket, '--port', '0']);
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toBe(`lxd-console: cannot reach LXD: there is no unix socket at ${socket}\n`);
});

test('server/main.ts exits 1 with one line on stderr for an untrusted certificate', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'console-untrusted-'));
  try {
    const cert = path.join(dir, 'untrusted.crt');
    const key = path.join(dir, 'untrusted.key');
    makeClientCertificate(cert, key, 'console-untrusted');
    const run = await runMain([
      '--lxd-url',
      env('LXD_URL'),
      '--lxd-cert',
      cert,
      '--lxd-key',
      key,
      '--port',
      '0',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toHaveLength(2);
    expect(run.stderr).toMatch(
      /^lxd-console: LXD at https:\/\/\S+ does not trust the client certificate .*untrusted\.crt \(auth: untrusted\)/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
