/**
 * `tsx server/main.ts --remotes FILE`: another remote that cannot be reached is one line on
 * stderr and the server starts; the default remote failing still stops it with one line.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeLxd, tempDir, writeUiBuild } from './testing/fixtures';

const tmp = tempDir('console-remotes-main-');
const uiDir = writeUiBuild(tmp.dir);
const repo = path.resolve(import.meta.dirname, '..');
afterAll(() => tmp.remove());

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs main.ts; stops it (SIGTERM) once stdout holds `until`. */
function runMain(args: string[], until?: RegExp): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      [path.join(repo, 'server', 'main.ts'), ...args],
      { env: { PATH: process.env.PATH ?? '', CONSOLE_JOURNAL: 'off' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function remotesFile(remotes: Record<string, unknown>): string {
  const file = path.join(tmp.dir, `remotes-${Object.keys(remotes).join('-')}.json`);
  writeFileSync(file, JSON.stringify({ remotes }));
  return file;
}

describe('server/main.ts --remotes', () => {
  it('starts with a remote that cannot be reached, saying so in one line', async () => {
    const lxd = await startFakeLxd(path.join(tmp.dir, 'main.socket'));
    const other = await startFakeLxd(path.join(tmp.dir, 'other.socket'));
    const down = path.join(tmp.dir, 'down.socket');
    const file = remotesFile({ other: { socket: 'other.socket' }, down: { socket: down } });
    const run = await runMain(
      ['--ui-dir', uiDir, '--lxd-socket', lxd.socket, '--port', '0', '--remotes', file],
      /Remotes: .*\n/,
    );
    expect(run.stderr).toBe(
      `console server: remote "down": cannot reach LXD: there is no unix socket at ${down}\n`,
    );
    expect(run.stdout).toMatch(
      new RegExp(
        `^Console: http://127\\.0\\.0\\.1:\\d+/ui/ -> LXD ${lxd.socket} \\(LXD 5\\.0\\.2\\)\\n` +
          'Remotes: local \\(the LXD above, also at /1\\.0\\), other, down, each at /remote/NAME/1\\.0\\n$',
      ),
    );
    expect(run.code).toBe(0);
    await lxd.close();
    await other.close();
  });

  it('still stops, in one line, when the default remote cannot be reached', async () => {
    const missing = path.join(tmp.dir, 'missing.socket');
    const other = await startFakeLxd(path.join(tmp.dir, 'up.socket'));
    const file = remotesFile({ up: { socket: 'up.socket' } });
    const run = await runMain(['--ui-dir', uiDir, '--lxd-socket', missing, '--remotes', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `lxd-console: cannot reach LXD: there is no unix socket at ${missing}\n`,
    );
    expect(run.stdout).toBe('');
    await other.close();
  });

  it('stops, in one line, for a remotes file it cannot use', async () => {
    const file = remotesFile({ local: { socket: 'x.socket' } });
    const run = await runMain(['--ui-dir', uiDir, '--lxd-socket', '/s', '--remotes', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `lxd-console: remotes file ${file} line 1: remote "local" is the name of the default remote (the LXD of --lxd-socket or --lxd-url; rename it with --lxd-name)\n`,
    );
  });
});
