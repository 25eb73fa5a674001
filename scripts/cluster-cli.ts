/**
 * `npm run cluster:start`: brings up a real three-member LXD cluster on this machine (about 7 s;
 * members m1..m3 at https://10.201.0.11-13:8443, state in /var/lib/lxd-console/cluster) and serves
 * the console in front of it on http://127.0.0.1:8408/ui/ until Ctrl-C. The cluster keeps running
 * after Ctrl-C; `npm run cluster:stop` tears it down (daemons, namespaces, bridge, state).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster, stopCluster } from './lib/cluster';
import { createConsoleServer } from '../server/app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const uiDir = path.join(root, 'build', 'ui');

function fail(message: string): never {
  process.stderr.write(`cluster: ${message}\n`);
  process.exit(1);
}

async function main(command: string | undefined) {
  if (command === 'stop') {
    await stopCluster();
    return;
  }
  if (command !== 'start') fail('usage: cluster-cli.ts start|stop');
  if (!existsSync(path.join(uiDir, 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) fail('the build failed (see above)');
  }
  const env = await startCluster({ uiDir });
  const port = Number(process.env.PORT ?? 8408);
  const server = createConsoleServer({
    uiDir,
    host: '127.0.0.1',
    port,
    lxd: { kind: 'url', url: env.url, cert: env.cert, key: env.key },
  });
  const { url } = await server.listen();
  process.stdout.write(
    [
      '',
      `  Console:   ${url}  (the cluster's members: ${env.members.join(', ')})`,
      `  CLI:       LXD_DIR=${env.base}/m1/lxd LXD_CONF=${env.base}/client lxc cluster list`,
      `  Ctrl-C stops the console; \`npm run cluster:stop\` tears the cluster down.`,
      '',
    ].join('\n') + '\n',
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main(process.argv[2]).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error)),
);
