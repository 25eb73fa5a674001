/**
 * `npm start`, the main job: builds the console if needed, starts the local `dev` LXD (unless
 * LXD_SOCKET, or LXD_URL with LXD_CERT/LXD_KEY, points at an existing LXD), starts the console
 * server, and prints the console URL and LXD's own /ui URL with a fresh trust token.
 * `npm start -- --incus` does the same with a local Incus 6.0 (the `incus-dev` profile) instead.
 * Ctrl-C stops what it started; the daemon's state is kept (`npm run lxd:wipe [incus-dev]`
 * clears it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTrustToken, startLocalLxd, stateDir, stopLocalLxd, type LxdEnv } from './lib/lxd';
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

  const argv = process.argv.slice(2).filter((arg) => arg !== '--incus');
  const incus = argv.length < process.argv.length - 2;
  const profile = incus ? 'incus-dev' : 'dev';
  const product = incus ? 'Incus' : 'LXD';
  const external = Boolean(process.env.LXD_SOCKET ?? process.env.LXD_URL);
  if (external && incus) fail('--incus starts a local Incus: leave LXD_SOCKET and LXD_URL unset');
  let local: LxdEnv | undefined;
  if (!external) {
    process.stderr.write(`Starting the local ${product} (state in ${stateDir(profile)})…\n`);
    local = await startLocalLxd(profile, { uiDir });
  }

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
          // The journal (who did what) beside the local daemon's state, unless told otherwise.
          ...(argv.some((arg) => arg.startsWith('--state-dir')) || process.env.CONSOLE_STATE_DIR
            ? []
            : ['--state-dir', path.join(stateDir(profile), 'console')]),
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
    const cli = incus ? `INCUS_DIR=${local.dir} incus list` : `LXD_DIR=${local.dir} lxc list`;
    lines.push(
      `  ${`${product}'s own /ui: `.padEnd(16)}${local.url}/ui/  (sign in with a browser certificate; trust token below)`,
      `  Trust token:    ${token}`,
      `  CLI:            ${cli}`,
    );
  }
  const { journal } = config;
  if (journal) {
    const where = journal.store.kind === 'embedded' ? journal.store.dir : 'PostgreSQL';
    lines.push(`  Activity:       ${url}activity  (journal in ${where})`);
  }
  lines.push(`  Stop with Ctrl-C.`, ``);
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write('\nStopping…\n');
    await server.close();
    if (local) await stopLocalLxd(profile);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? error.message : String(error));
});
