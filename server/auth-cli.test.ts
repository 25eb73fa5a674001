import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScryptHash } from './auth-files';
import { verifyPassword } from './auth-password';
import { PROCESS_SESSIONS_NOTE, SHARED_IDENTITY_NOTE } from './config';
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

const escaped = (text: string) => text.replace(/[().]/g, '\\$&');

describe('start lines about LXD identities and password sessions', () => {
  it('says that signed-in users share the server identity without --identities', async () => {
    const fake = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
    const users = path.join(tmp.dir, 'users');
    writeFileSync(users, `alice:scrypt$16$1$1$AAAAAAAAAAAAAAAAAAAAAA==$${'B'.repeat(43)}=\n`, {
      mode: 0o600,
    });
    const args = ['--ui-dir', writeUiBuild(tmp.dir), '--lxd-socket', fake.socket, '--port', '0'];
    const run = await runMain([...args, '--auth-users', users], undefined, 3);
    // Without --session-secret it also says that sessions end with the process.
    expect(run.stdout).toMatch(
      new RegExp(
        `^Console: http://127\\.0\\.0\\.1:\\d+/ui/ -> LXD .*\\n${escaped(SHARED_IDENTITY_NOTE)}\\n${escaped(PROCESS_SESSIONS_NOTE)}\\n$`,
      ),
    );
    const secret = path.join(tmp.dir, 'session.secret');
    writeFileSync(secret, `${'s'.repeat(32)}\n`, { mode: 0o600 });
    const kept = await runMain(
      [...args, '--auth-users', users, '--session-secret', secret],
      undefined,
      2,
    );
    expect(kept.stdout).toMatch(new RegExp(`\\n${escaped(SHARED_IDENTITY_NOTE)}\\n$`));
    expect(kept.code).toBe(0);
    expect(SHARED_IDENTITY_NOTE).toBe(
      "every signed-in user acts on LXD as the console server's own identity (map users to LXD certificates with --identities)",
    );
    expect(run.code).toBe(0);
    await fake.close();
  });
});
