/**
 * `npm run test:e2e [-- playwright args]`: builds the console, then runs Playwright, whose
 * global setup starts the e2e LXD and console server and tears them down afterwards.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const built = run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (built !== 0) process.exit(built);
}
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
