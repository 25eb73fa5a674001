import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConsoleServer } from './app';
import type { ConsoleConfig } from './config';
import { ConsoleError } from './errors';
import { startFakeLxd, tempDir, writeUiBuild } from './testing/fixtures';

const tmp = tempDir('console-app-');
const uiDir = writeUiBuild(tmp.dir);
const repo = path.resolve(import.meta.dirname, '..');
afterAll(() => tmp.remove());

function config(socket: string, port = 0): ConsoleConfig {
  return { uiDir, host: '127.0.0.1', port, lxd: { kind: 'socket', path: socket } };
}

describe('start-up checks', () => {
  it('reports an LXD socket that does not exist', async () => {
    const server = createConsoleServer(config(path.join(tmp.dir, 'none.socket')));
    await expect(server.listen()).rejects.toThrow(
      new ConsoleError(
        `cannot reach LXD: there is no unix socket at ${path.join(tmp.dir, 'none.socket')}`,
      ),
    );
  });

  it('reports an LXD that does not trust the console', async () => {
    const fake = await startFakeLxd(path.join(tmp.dir, 'untrusted.socket'), 'untrusted');
    const server = createConsoleServer(config(fake.socket));
    await expect(server.listen()).rejects.toThrow(
      /does not trust this user on its unix socket \(auth: untrusted\)$/,
    );
    await fake.close();
  });

  it('reports something that is not LXD', async () => {
    const other = http.createServer((_req, res) => res.end('<html>'));
    const socket = path.join(tmp.dir, 'other.socket');
    await new Promise<void>((resolve) => other.listen(socket, resolve));
    await expect(createConsoleServer(config(socket)).listen()).rejects.toThrow(
      `${socket} does not answer like LXD: GET /1.0 gave HTTP 200 without JSON`,
    );
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });

  it('reports a port in use', async () => {
    const fake = await startFakeLxd(path.join(tmp.dir, 'busy.socket'));
    const first = createConsoleServer(config(fake.socket));
    const { url } = await first.listen();
    const port = Number(new URL(url).port);
    await expect(createConsoleServer(config(fake.socket, port)).listen()).rejects.toThrow(
      `cannot listen on 127.0.0.1 port ${port}: the port is already in use (choose another with --port)`,
    );
    await first.close();
    await fake.close();
  });

  it('returns the URL and the LXD version, and can be closed twice', async () => {
    const fake = await startFakeLxd(path.join(tmp.dir, 'ok.socket'));
    const server = createConsoleServer(config(fake.socket));
    const started = await server.listen();
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ui\/$/);
    expect(started.lxdVersion).toBe('5.0.2');
    await server.close();
    await server.close();
    await fake.close();
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runMain(args: string[], untilLine = false): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      [path.join(repo, 'server', 'main.ts'), ...args],
      {
        env: { PATH: process.env.PATH ?? '', CONSOLE_JOURNAL: 'off' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (untilLine && stdout.includes('\n')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('server/main.ts', () => {
  it('exits 1 with one line for a bogus socket', async () => {
    const socket = path.join(tmp.dir, 'bogus.socket');
    const run = await runMain(['--ui-dir', uiDir, '--lxd-socket', socket]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `lxd-console: cannot reach LXD: there is no unix socket at ${socket}\n`,
    );
    expect(run.stdout).toBe('');
  });

  it('exits 1 with one line for a bad flag', async () => {
    const run = await runMain(['--nope']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('lxd-console: unknown option --nope (see --help)\n');
  });

  it('prints one line when up, and exits 0 on SIGTERM', async () => {
    const fake = await startFakeLxd(path.join(tmp.dir, 'main.socket'));
    const run = await runMain(
      ['--ui-dir', uiDir, '--lxd-socket', fake.socket, '--port', '0'],
      true,
    );
    expect(run.stdout).toMatch(
      new RegExp(
        `^Console: http://127\\.0\\.0\\.1:\\d+/ui/ -> LXD ${fake.socket} \\(LXD 5\\.0\\.2\\)\\n$`,
      ),
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    await fake.close();
  });

  it('prints the help', async () => {
    const run = await runMain(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--lxd-socket PATH');
  });
});

it('binds the port it prints', async () => {
  const fake = await startFakeLxd(path.join(tmp.dir, 'port.socket'));
  const server = createConsoleServer(config(fake.socket));
  const { url } = await server.listen();
  const probe = http.createServer();
  const port = Number(new URL(url).port);
  await expect(
    new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => resolve());
    }),
  ).rejects.toThrow(/EADDRINUSE/);
  expect((probe.address() as AddressInfo | null)?.port).toBeUndefined();
  await server.close();
  await fake.close();
});
