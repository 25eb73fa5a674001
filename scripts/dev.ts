/**
 * `npm run dev`: Vite with hot reload on http://127.0.0.1:5173/ui/, whose /1.0 (websockets
 * too), /oidc and /documentation go through a console server to the local `dev` LXD (or to
 * the LXD named by LXD_SOCKET / LXD_URL with LXD_CERT and LXD_KEY).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalLxd, stopLocalLxd } from './lib/lxd';
import { createConsoleServer } from '../server/app';
import { parseConfig } from '../server/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_PORT = '8408';

async function main() {
  const external = Boolean(process.env.LXD_SOCKET ?? process.env.LXD_URL);
  const local = external
    ? undefined
    : await startLocalLxd('dev', { uiDir: path.join(root, 'build', 'ui') });
  const lxdArgs = local
    ? ['--lxd-url', local.url, '--lxd-cert', local.adminCert, '--lxd-key', local.adminKey]
    : [];
  const config = parseConfig(['--port', API_PORT, ...lxdArgs], local ? {} : process.env);
  const server = createConsoleServer(config);
  const { url } = await server.listen();
  process.stderr.write(`API proxy: ${url} -> ${local ? local.url : 'the given LXD'}\n`);

  const vite = spawn('npx', ['vite'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CONSOLE_API_TARGET: `http://127.0.0.1:${API_PORT}` },
  });
  const stop = async () => {
    vite.kill('SIGTERM');
    await server.close();
    if (local) await stopLocalLxd('dev');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  vite.on('exit', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`npm run dev: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
