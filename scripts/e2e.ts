/**
 * `npm run test:e2e [-- playwright args]`: takes the machine's e2e lock (fixed ports), builds
 * the console, then runs Playwright, whose global setup starts the e2e LXD and console server
 * and tears them down afterwards.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireLock } from './lib/lock';
import { stateRoot } from './lib/lxd';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_LOCK_HELD: '1' },
  });
  return result.status ?? 1;
}

const release = await acquireLock(path.join(stateRoot(), 'e2e-run.lock'));
let status = 0;
try {
  if (process.env.E2E_SKIP_BUILD !== '1')
    status = run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (status === 0) status = run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
} finally {
  release();
}
process.exit(status);
