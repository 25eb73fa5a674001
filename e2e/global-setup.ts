/**
 * Starts what the e2e run needs and returns the teardown: the `e2e` LXD (own state directory,
 * port 18444 and bridge; LXD_UI = build/ui) and a console server on CONSOLE_PORT that fronts it
 * with the admin client certificate. The build must exist (scripts/e2e.ts builds first).
 * Beside it, a real three-member LXD cluster (scripts/cluster/up.sh, about 7 s) with its own
 * console server on CLUSTER_CONSOLE_PORT for the `cluster` projects; E2E_CLUSTER=0 leaves it out
 * (then the *.cluster*.spec.ts files cannot run). And an Incus 6.0 daemon (the `incus` profile,
 * INCUS_UI = build/ui) for the `incus` project, started at the same time; E2E_INCUS=0 leaves it
 * out (then the *.incus.spec.ts files cannot run). With both, a third console server on
 * REMOTES_CONSOLE_PORT fronts all of them as remotes (`local`, `incus`, `cluster`, and `gone`,
 * an address where nothing listens: its start-up line "remote "gone": … connection refused" is
 * expected) for the `remotes` project.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster, stopCluster } from '../scripts/lib/cluster';
import { startLocalLxd, stopLocalLxd, wipeLocalLxd } from '../scripts/lib/lxd';
import { createConsoleServer, type ConsoleServer } from '../server/app';
import { watchLxd } from './support/health';
import {
  CLUSTER_CONSOLE_PORT,
  CONSOLE_PORT,
  E2E_LXD_NAME,
  GONE_REMOTE_URL,
  IMAGE_SERVER_ADDRESS,
  INCUS_NAME,
  INCUS_URL,
  REMOTES_CONSOLE_PORT,
  STATE_ROOT,
  certs,
  incusCerts,
} from './support/env';
import { acquireLock } from '../scripts/lib/lock';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const uiDir = path.join(root, 'build', 'ui');

export default async function globalSetup() {
  if (!existsSync(path.join(uiDir, 'index.html'))) {
    throw new Error(
      'build/ui/index.html is missing: run `npm run build` first (npm run test:e2e does)',
    );
  }
  // scripts/e2e.ts takes the lock before it builds; a bare `npx playwright test` takes it here.
  const release =
    process.env.E2E_LOCK_HELD === '1'
      ? () => undefined
      : await acquireLock(path.join(STATE_ROOT, 'e2e-run.lock'));
  const withCluster = process.env.E2E_CLUSTER !== '0';
  const withIncus = process.env.E2E_INCUS !== '0';
  // The cluster's bridge and namespaces appear before any browser starts (Chromium shares the
  // host's network namespace and aborts loads on ERR_NETWORK_CHANGED).
  const [env, cluster] = await Promise.all([
    startLocalLxd(E2E_LXD_NAME, { withBrowser: true, uiDir, quiet: true }),
    withCluster ? startCluster({ uiDir, quiet: true }) : undefined,
    withIncus ? startLocalLxd(INCUS_NAME, { uiDir, quiet: true }) : undefined,
  ]);
  Object.assign(process.env, {
    LXD_URL: env.url,
    LXD_SOCKET: env.socket,
    LXD_ADMIN_CERT: env.adminCert,
    LXD_ADMIN_KEY: env.adminKey,
    LXD_UNTRUSTED_CERT: env.untrustedCert,
    LXD_UNTRUSTED_KEY: env.untrustedKey,
    LXD_LIMITED_CERT: env.limitedCert,
    LXD_LIMITED_KEY: env.limitedKey,
  });

  // What scripts/test.sh prints after a failed run: when the e2e LXD stopped answering, if it did.
  const healthReport = path.join(root, 'reports', 'e2e-lxd-health.txt');
  rmSync(healthReport, { force: true });
  const health = watchLxd(`e2e LXD (${env.url})`, env.socket, path.join(STATE_ROOT, E2E_LXD_NAME));

  const server = createConsoleServer({
    uiDir,
    host: '127.0.0.1',
    port: CONSOLE_PORT,
    lxd: { kind: 'url', url: env.url, cert: env.adminCert, key: env.adminKey },
    // The image-servers spec's simplestreams server on loopback (refused unless allowed).
    simplestreamsAllow: [IMAGE_SERVER_ADDRESS],
  });
  const { url } = await server.listen();
  process.env.CONSOLE_URL = url.replace(/\/ui\/?$/, '');

  let clusterServer: ConsoleServer | undefined;
  if (cluster) {
    clusterServer = createConsoleServer({
      uiDir,
      host: '127.0.0.1',
      port: CLUSTER_CONSOLE_PORT,
      lxd: { kind: 'url', url: cluster.url, cert: cluster.cert, key: cluster.key },
    });
    await clusterServer.listen();
  }

  let remotesServer: ConsoleServer | undefined;
  if (cluster && withIncus) {
    const remotesFile = path.join(STATE_ROOT, E2E_LXD_NAME, 'remotes.json');
    const remotes = {
      incus: { url: INCUS_URL, ...incusCerts.admin },
      cluster: { url: cluster.url, cert: cluster.cert, key: cluster.key },
      gone: { url: GONE_REMOTE_URL, ...certs.admin },
    };
    writeFileSync(remotesFile, `${JSON.stringify({ remotes }, null, 2)}\n`);
    remotesServer = createConsoleServer({
      uiDir,
      host: '127.0.0.1',
      port: REMOTES_CONSOLE_PORT,
      lxd: { kind: 'url', url: env.url, cert: env.adminCert, key: env.adminKey },
      remotes: remotesFile,
    });
    await remotesServer.listen();
  }

  return async () => {
    const report = await health.finish();
    if (report.length > 0) {
      mkdirSync(path.dirname(healthReport), { recursive: true });
      writeFileSync(healthReport, `${report.join('\n')}\n`);
    }
    await server.close();
    await clusterServer?.close();
    await remotesServer?.close();
    if (cluster) await stopCluster({ quiet: true });
    if (withIncus) {
      if (process.env.E2E_KEEP_LXD === '1') await stopLocalLxd(INCUS_NAME, { quiet: true });
      else await wipeLocalLxd(INCUS_NAME, { quiet: true });
    }
    if (process.env.E2E_KEEP_LXD === '1') await stopLocalLxd(E2E_LXD_NAME);
    else await wipeLocalLxd(E2E_LXD_NAME);
    release();
  };
}
