/**
 * The checks of a console server configuration: the address it may listen on, the files it
 * names (read and parsed here, so a bad file stops the server at start), and the authentication,
 * identities and audit settings that go together. Each problem is one line (a ConsoleError).
 */
import { existsSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  loadClientCa,
  loadClientCrl,
  loadClientSecret,
  loadFingerprints,
  loadUsers,
} from './auth-files';
import type { ConsoleConfig, OidcFlags } from './config-types';
import { ConsoleError } from './errors';
import { loadIdentities } from './identities-file';
import { OIDC_CALLBACK_PATH } from './login-page';
import {
  REMOTE_NAME,
  REMOTE_NAME_RULE,
  badLxdUrl,
  remoteTargets,
  type RemoteTarget,
} from './remotes-file';
import { loadSessionSecret } from './session-secret';
import { parseAllowList } from './simplestreams-net';

export const REMOTE_NEEDS_AUTH =
  'remote mode needs an authentication method: give --auth-client-ca, --auth-client-fingerprints, --auth-users or --oidc-issuer';

const IDENTITIES_NEED_URL =
  '--identities needs --lxd-url: over the unix socket LXD treats every request as root, so there is no certificate to choose per user';

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

function requireFile(file: string, what: string): void {
  if (!existsSync(file)) throw new ConsoleError(`${what} not found: ${file}`);
  if (!statSync(file).isFile()) throw new ConsoleError(`${what} is not a file: ${file}`);
}

/** As ssh does for its keys: a secret that group or others may read is refused. */
function requirePrivateFile(file: string, what: string): void {
  requireFile(file, what);
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new ConsoleError(
      `${what} ${file} is open to group or others (mode ${mode.toString(8).padStart(4, '0')}): run chmod 600 ${file}`,
    );
  }
}

/** True when at least one way of signing in is configured. */
export function hasAuth(config: ConsoleConfig): boolean {
  const { auth } = config;
  return (
    auth !== undefined &&
    (auth.clientCa !== undefined ||
      auth.clientFingerprints !== undefined ||
      auth.users !== undefined ||
      auth.oidc !== undefined)
  );
}

function parseUrl(text: string, flag: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new ConsoleError(`${flag} is not a URL: "${text}"`);
  }
}

/** HTTPS, or plain HTTP on this machine only (a test's provider, a console on loopback). */
function isSafeUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

function validateOidc(oidc: OidcFlags): void {
  const issuer = parseUrl(oidc.issuer, '--oidc-issuer');
  if (!isSafeUrl(issuer)) {
    throw new ConsoleError(`--oidc-issuer must be an https:// URL, not "${oidc.issuer}"`);
  }
  const redirect = parseUrl(oidc.redirectUrl, '--oidc-redirect-url');
  if (!isSafeUrl(redirect) || redirect.pathname !== OIDC_CALLBACK_PATH || redirect.search !== '') {
    throw new ConsoleError(
      `--oidc-redirect-url must be this server's https://…${OIDC_CALLBACK_PATH}, not "${oidc.redirectUrl}"`,
    );
  }
  if (!oidc.scopes.split(/\s+/).includes('openid')) {
    throw new ConsoleError(`--oidc-scopes must include "openid", not "${oidc.scopes}"`);
  }
  if (oidc.clientSecretFile !== undefined) {
    requirePrivateFile(oidc.clientSecretFile, 'OIDC client secret (--oidc-client-secret)');
    loadClientSecret(oidc.clientSecretFile);
  }
}

/** Checks the authentication, identities and audit settings, reading and parsing their files. */
function validateAccess(config: ConsoleConfig, remotes: readonly RemoteTarget[]): void {
  const { auth, tls, lxd } = config;
  if (auth?.clientCa !== undefined || auth?.clientFingerprints !== undefined) {
    if (!tls) {
      throw new ConsoleError(
        'client certificates need HTTPS: give --tls-cert and --tls-key with --auth-client-ca or --auth-client-fingerprints',
      );
    }
  }
  if (auth?.clientCa !== undefined) {
    requireFile(auth.clientCa, 'client CA file (--auth-client-ca)');
    loadClientCa(auth.clientCa);
  }
  if (auth?.clientCrl !== undefined) {
    if (auth.clientCa === undefined) {
      throw new ConsoleError(
        '--auth-client-crl revokes certificates of --auth-client-ca: give both',
      );
    }
    requireFile(auth.clientCrl, 'client CRL file (--auth-client-crl)');
    loadClientCrl(auth.clientCrl);
  }
  if (auth?.clientFingerprints !== undefined) {
    requireFile(auth.clientFingerprints, 'client fingerprints file (--auth-client-fingerprints)');
    loadFingerprints(auth.clientFingerprints);
  }
  if (auth?.users !== undefined) {
    requirePrivateFile(auth.users, 'users file (--auth-users)');
    loadUsers(auth.users);
  }
  if (auth?.sessionSecret !== undefined) {
    if (auth.users === undefined && auth.oidc === undefined) {
      throw new ConsoleError(
        '--session-secret seals sign-in sessions: give --auth-users or --oidc-issuer too',
      );
    }
    requirePrivateFile(auth.sessionSecret, 'session secret (--session-secret)');
    loadSessionSecret(auth.sessionSecret);
  }
  if (auth?.oidc !== undefined) validateOidc(auth.oidc);
  if (config.identities !== undefined) {
    // Over a unix socket LXD treats every request as root. With --remotes the file may still
    // give other remotes' identities, as long as it gives none for the socket.
    if (lxd.kind === 'socket' && config.remotes === undefined) {
      throw new ConsoleError(IDENTITIES_NEED_URL);
    }
    if (!hasAuth(config)) {
      throw new ConsoleError(
        '--identities maps signed-in users: give --auth-client-ca, --auth-client-fingerprints, --auth-users or --oidc-issuer too',
      );
    }
    requireFile(config.identities, 'identities file (--identities)');
    const file = loadIdentities(
      config.identities,
      remotes.map(({ name, target }) => ({ name, kind: target.kind })),
    );
    if (lxd.kind === 'socket' && (file.users.size > 0 || file.groups.size > 0)) {
      throw new ConsoleError(IDENTITIES_NEED_URL);
    }
  }
  if (config.auditLog !== undefined) {
    const { file, maxBytes } = config.auditLog;
    if (!Number.isInteger(maxBytes) || maxBytes < 1) {
      throw new ConsoleError(`audit log size must be a number of bytes from 1 up, not ${maxBytes}`);
    }
    const dir = path.dirname(file);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new ConsoleError(`audit log (--audit-log) directory not found: ${dir}`);
    }
    if (existsSync(file) && !statSync(file).isFile()) {
      throw new ConsoleError(`audit log (--audit-log) is not a file: ${file}`);
    }
  }
}

/** Checks a config, whether it came from parseConfig or was built in code. */
export function validateConfig(config: ConsoleConfig): void {
  const { host, port, tls, lxd } = config;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConsoleError(`port must be a number from 0 to 65535, not ${port}`);
  }
  if (!isLoopback(host) && !(tls && config.allowRemote)) {
    throw new ConsoleError(
      `refusing to listen on ${host}: the console acts with LXD's trust, so a non-loopback ` +
        'address needs --tls-cert, --tls-key and --allow-remote',
    );
  }
  if (!isLoopback(host) && !hasAuth(config)) throw new ConsoleError(REMOTE_NEEDS_AUTH);
  requireFile(
    path.join(config.uiDir, 'index.html'),
    'console build (run `npm run build` or give --ui-dir)',
  );
  if (tls) {
    requireFile(tls.cert, 'HTTPS certificate (--tls-cert)');
    requirePrivateFile(tls.key, 'HTTPS key (--tls-key)');
  }
  if (lxd.kind === 'url') {
    const bad = badLxdUrl(lxd.url);
    if (bad === 'not a URL') throw new ConsoleError(`--lxd-url is not a URL: "${lxd.url}"`);
    if (bad !== undefined) {
      throw new ConsoleError(`--lxd-url must look like https://host:8443, not "${lxd.url}"`);
    }
    requireFile(lxd.cert, 'LXD client certificate (--lxd-cert)');
    requireFile(lxd.key, 'LXD client key (--lxd-key)');
    if (lxd.serverCert !== undefined)
      requireFile(lxd.serverCert, 'LXD server certificate (--lxd-server-cert)');
  }
  if (config.lxdName !== undefined && !REMOTE_NAME.test(config.lxdName)) {
    throw new ConsoleError(
      `--lxd-name must be a remote name (${REMOTE_NAME_RULE}), not "${config.lxdName}"`,
    );
  }
  if (config.remotes !== undefined) requireFile(config.remotes, 'remotes file (--remotes)');
  const remotes = remoteTargets(config);
  if (config.simplestreamsAllow !== undefined) parseAllowList(config.simplestreamsAllow);
  validateAccess(config, remotes);
}
