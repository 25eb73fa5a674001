/**
 * `npm start`, the main job: builds the console if needed, starts the local `dev` LXD (unless
 * LXD_SOCKET, or LXD_URL with LXD_CERT/LXD_KEY, points at an existing LXD), starts the console
 * server, and prints the console URL and LXD's own /ui URL with a fresh trust token.
 * Ctrl-C stops what it started; the LXD state is kept (`npm run lxd:wipe` clears it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTrustToken, startLocalLxd, stopLocalLxd, type LxdEnv } from './lib/lxd';
import { createConsoleServer } from '../server/app';
import { parseConfig } from '../server/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const uiDir = path.join(root, 'build', 'ui');

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function needsBuild(): boolean {
  const index = path.join(uiDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [
    'src',
    'public',
    'index.html',
    'vite.config.ts',
    'scripts/vite-csp.ts',
    'scripts/vite-purge-css.ts',
    'package-lock.json',
  ]
    .map((p) => path.join(root, p))
    .filter((p) => existsSync(p));
  return sources.some((p) => newestMtime(p) > built);
}

function fail(message: string): never {
  process.stderr.write(`npm start: ${message}\n`);
  process.exit(1);
}

async function main() {
  if (needsBuild()) {
    process.stderr.write('Building the console…\n');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) fail('the build failed (see above)');
  }

  const external = Boolean(process.env.LXD_SOCKET ?? process.env.LXD_URL);
  let local: LxdEnv | undefined;
  if (!external) {
    process.stderr.write('Starting the local LXD (state in /var/lib/lxd-console/dev)…\n');
    local = await startLocalLxd('dev', { uiDir });
  }

  const argv = process.argv.slice(2);
  const config = parseConfig(
    local
      ? [
          ...argv,
          '--lxd-url',
          local.url,
          '--lxd-cert',
          local.adminCert,
          '--lxd-key',
          local.adminKey,
        ]
      : argv,
    external ? process.env : { ...process.env, LXD_SOCKET: undefined, LXD_URL: undefined },
    { uiDir },
  );
  const server = createConsoleServer(config);
  const { url } = await server.listen();

  const lines = [``, `  Console:        ${url}`];
  if (local) {
    const token = await createTrustToken(local, `browser-${new Date().toISOString().slice(0, 19)}`);
    lines.push(
      `  LXD's own /ui:  ${local.url}/ui/  (sign in with a browser certificate; trust token below)`,
      `  Trust token:    ${token}`,
      `  CLI:            LXD_DIR=${local.dir} lxc list`,
    );
  }
  lines.push(`  Stop with Ctrl-C.`, ``);
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write('\nStopping…\n');
    await server.close();
    if (local) await stopLocalLxd('dev');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
