import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScryptHash } from './auth-files';
import { verifyPassword } from './auth-password';
import { SHARED_IDENTITY_NOTE } from './config';
import { startFakeLxd, tempDir, writeUiBuild } from './testing/fixtures';

const repo = path.resolve(import.meta.dirname, '..');
const tmp = tempDir('console-auth-cli-');
afterAll(() => tmp.remove());

function runMain(
  args: string[],
  input: string | undefined,
  stopAfterLines = 0,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      [path.join(repo, 'server', 'main.ts'), ...args],
      { env: { PATH: process.env.PATH ?? '' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stopAfterLines > 0 && stdout.split('\n').length > stopAfterLines) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('hash-password', () => {
  it('prints a scrypt hash of the password read on stdin', async () => {
    const run = await runMain(['hash-password'], 'correct horse\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+\n$/);
    const hash = parseScryptHash(run.stdout.trim());
    if (!hash) throw new Error('not a users-file hash');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horse\n', hash)).toBe(false);
  });

  it('refuses an empty password in one line', async () => {
    const run = await runMain(['hash-password'], '');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('lxd-console: no password given on stdin\n');
  });
});

describe('start line about LXD identities', () => {
  it('says that signed-in users share the server identity without --identities', async () => {
    const fake = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
    const users = path.join(tmp.dir, 'users');
    writeFileSync(users, `alice:scrypt$16$1$1$AAAAAAAAAAAAAAAAAAAAAA==$${'B'.repeat(43)}=\n`, {
      mode: 0o600,
    });
    const run = await runMain(
      [
        '--ui-dir',
        writeUiBuild(tmp.dir),
        '--lxd-socket',
        fake.socket,
        '--port',
        '0',
        '--auth-users',
        users,
      ],
      undefined,
      2,
    );
    expect(run.stdout).toMatch(
      new RegExp(
        `^Console: http://127\\.0\\.0\\.1:\\d+/ui/ -> LXD .*\\n${SHARED_IDENTITY_NOTE.replace(/[().]/g, '\\$&')}\\n$`,
      ),
    );
    expect(SHARED_IDENTITY_NOTE).toBe(
      "every signed-in user acts on LXD as the console server's own identity (map users to LXD certificates with --identities)",
    );
    expect(run.code).toBe(0);
    await fake.close();
  });
});
