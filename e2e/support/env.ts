/**
 * Where the e2e run finds its LXD and console server. The LXD is the `e2e` profile of
 * scripts/lib/lxd.ts (its own state directory, port and bridge); the console server is started
 * by the global setup on CONSOLE_PORT and proxies to that LXD with the admin certificate.
 */
import path from 'node:path';
import { lxdProfiles, stateRoot } from '../../scripts/lib/lxd';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';

export const E2E_LXD_NAME = 'e2e';
export const STATE_ROOT = stateRoot();
export const CERT_DIR = path.join(STATE_ROOT, E2E_LXD_NAME, 'certs');
export const LXD_PORT = Number(lxdProfiles.e2e.addr.split(':')[1]);
export const LXD_URL = `https://127.0.0.1:${LXD_PORT}`;
export const CONSOLE_PORT = Number(process.env.E2E_CONSOLE_PORT ?? 18500);
export const CONSOLE_URL = `http://127.0.0.1:${CONSOLE_PORT}`;
/** The console server in front of the real three-member cluster (scripts/cluster/up.sh). */
export const CLUSTER_CONSOLE_PORT = CONSOLE_PORT + 1;
export const CLUSTER_CONSOLE_URL = `http://127.0.0.1:${CLUSTER_CONSOLE_PORT}`;
/**
 * The image-servers spec's own simplestreams server. The console server refuses loopback image
 * servers, so the global setup allows exactly this address (`--simplestreams-allow`).
 */
export const IMAGE_SERVER_PORT = CONSOLE_PORT + 2;
export const IMAGE_SERVER_ADDRESS = `127.0.0.1:${IMAGE_SERVER_PORT}`;
/**
 * The console server of the `remotes` project: the e2e LXD as its default remote `local`, and
 * the remotes file's `incus` (the Incus daemon), `cluster` (the three-member cluster) and `gone`
 * (an address where nothing listens). Started by the global setup with the cluster and Incus.
 */
export const REMOTES_CONSOLE_PORT = CONSOLE_PORT + 3;
export const REMOTES_CONSOLE_URL = `http://127.0.0.1:${REMOTES_CONSOLE_PORT}`;
/** Where the `gone` remote points: the discard port, where nothing listens on this machine. */
export const GONE_REMOTE_URL = 'https://127.0.0.1:9';

export const certs = {
  admin: { cert: path.join(CERT_DIR, 'admin.crt'), key: path.join(CERT_DIR, 'admin.key') },
  untrusted: {
    cert: path.join(CERT_DIR, 'untrusted.crt'),
    key: path.join(CERT_DIR, 'untrusted.key'),
  },
  limited: { cert: path.join(CERT_DIR, 'limited.crt'), key: path.join(CERT_DIR, 'limited.key') },
};

/**
 * The Incus daemon of the `incus` project: the `incus` profile of scripts/lib/lxd.ts (Incus 6.0
 * from bookworm-backports, its own state directory, port and bridge), serving the build at /ui
 * (INCUS_UI) to a browser with the admin client certificate, as in production.
 */
export const INCUS_NAME = 'incus';
export const INCUS_CERT_DIR = path.join(STATE_ROOT, INCUS_NAME, 'certs');
export const INCUS_URL = `https://${lxdProfiles.incus.addr}`;
export const incusCerts = {
  admin: {
    cert: path.join(INCUS_CERT_DIR, 'admin.crt'),
    key: path.join(INCUS_CERT_DIR, 'admin.key'),
  },
  untrusted: {
    cert: path.join(INCUS_CERT_DIR, 'untrusted.crt'),
    key: path.join(INCUS_CERT_DIR, 'untrusted.key'),
  },
};
