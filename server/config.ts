/**
 * Configuration of the console server: command-line flags override environment variables,
 * and every problem is reported as one line (a ConsoleError) that names the flag or file.
 */
import path from 'node:path';
import { DEFAULT_RETENTION } from './journal/store';
import { DEFAULT_SAMPLE_MS, DEFAULT_USAGE_RETENTION } from './journal/usage-store';
import { journalConfig } from './config-journal';
import { fileURLToPath } from 'node:url';
import { validateConfig } from './config-check';
import { ConsoleError } from './errors';
import { OIDC_CALLBACK_PATH } from './login-page';
import { DEFAULT_REMOTE_NAME } from './remotes-file';

import type { AuthFiles, ConsoleConfig, Env, LxdTarget, OidcFlags } from './config-types';

export { REMOTE_NEEDS_AUTH, hasAuth, isLoopback, validateConfig } from './config-check';
export type { AuthFiles, ConsoleConfig, Env, LxdTarget, OidcFlags } from './config-types';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8407;
export const DEFAULT_AUDIT_LOG_MAX_BYTES = 10_000_000;
export const DEFAULT_OIDC_CLAIM = 'email';
export const DEFAULT_OIDC_SCOPES = 'openid email profile';

export const SHARED_IDENTITY_NOTE =
  "every signed-in user acts on LXD as the console server's own identity (map users to LXD certificates with --identities)";

/** Said at start by a server with passwords but no --session-secret. */
export const PROCESS_SESSIONS_NOTE =
  'sign-in sessions end when this console server stops, and no other console server accepts them (give --session-secret FILE to keep them)';

export const DEFAULT_UI_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'build',
  'ui',
);

export const USAGE = `Usage: tsx server/main.ts [options]

Serves the console (build/ui) at /ui and proxies /1.0, /oidc and /documentation to one LXD,
and /remote/NAME/1.0 and /remote/NAME/documentation to each LXD or Incus of --remotes.

  --ui-dir DIR          built console (CONSOLE_UI_DIR; default ${DEFAULT_UI_DIR})
  --host ADDRESS        address to listen on (CONSOLE_HOST; default ${DEFAULT_HOST})
  --port N              port, 0 = any free port (CONSOLE_PORT; default ${DEFAULT_PORT})
  --tls-cert FILE       certificate for the console's own HTTPS (CONSOLE_TLS_CERT)
  --tls-key FILE        key for the console's own HTTPS (CONSOLE_TLS_KEY)
  --allow-remote        allow a non-loopback --host (needs --tls-cert and --tls-key)
  --lxd-socket PATH     LXD's unix socket (LXD_SOCKET)
  --lxd-url URL         LXD's HTTPS address, e.g. https://127.0.0.1:8443 (LXD_URL)
  --lxd-cert FILE       client certificate trusted by LXD (LXD_CERT)
  --lxd-key FILE        key of that certificate (LXD_KEY)
  --lxd-server-cert FILE  accept only this LXD server certificate (LXD_SERVER_CERT)
  --lxd-name NAME       that LXD's name among the remotes, at /remote/NAME/1.0 as well as at
                        /1.0 (CONSOLE_LXD_NAME; default ${DEFAULT_REMOTE_NAME})
  --remotes FILE        more LXD or Incus servers, each at /remote/NAME/1.0 (CONSOLE_REMOTES):
                        {"remotes": {"incus": {"url": "https://10.0.0.2:8443", "cert": FILE,
                        "key": FILE, "serverCert": FILE}, "other": {"socket": PATH}}}; names
                        are lower-case letters, digits and "-"; paths relative to the file;
                        "serverCert" (optional) as --lxd-server-cert; GET /console/remotes
                        lists them with their state

Authentication (a non-loopback --host needs at least one):
  --auth-client-ca FILE   admit client certificates signed by these PEM CAs, user = subject CN
                          (CONSOLE_AUTH_CLIENT_CA; needs --tls-cert and --tls-key)
  --auth-client-crl FILE  refuse the client certificates these PEM CRLs of that CA revoke
                          (CONSOLE_AUTH_CLIENT_CRL; read at start: restart after an update)
  --auth-client-fingerprints FILE  admit the client certificates listed as
                          "<sha256 fingerprint> <user>" lines (CONSOLE_AUTH_CLIENT_FINGERPRINTS)
  --auth-users FILE       password login at /console/login; lines "<user>:scrypt$N$r$p$salt$hash"
                          (CONSOLE_AUTH_USERS; make a hash with: npm run console:hash-password)
  --session-secret FILE   at least 32 random bytes sealing the password sessions' cookies, mode
                          0600 (CONSOLE_SESSION_SECRET): sessions then outlive a restart, and
                          every console server with this file accepts them; without it a secret
                          of this process alone (make one: openssl rand -base64 32 > FILE)
  --oidc-issuer URL       single sign-on through this OpenID Provider (authorization code flow
                          with PKCE; CONSOLE_OIDC_ISSUER), with:
  --oidc-client-id ID     the console's client id at the provider (CONSOLE_OIDC_CLIENT_ID)
  --oidc-client-secret FILE  its client secret, mode 0600 (CONSOLE_OIDC_CLIENT_SECRET; without it
                          a public client)
  --oidc-redirect-url URL this server's ${OIDC_CALLBACK_PATH} as browsers reach it, as
                          registered at the provider (CONSOLE_OIDC_REDIRECT_URL)
  --oidc-claim NAME       the claim naming the user (CONSOLE_OIDC_CLAIM; default ${DEFAULT_OIDC_CLAIM})
  --oidc-scopes LIST      scopes asked for (CONSOLE_OIDC_SCOPES; default "${DEFAULT_OIDC_SCOPES}")
  --oidc-groups-claim NAME  the claim listing the user's groups, for "groups" in --identities
                          (CONSOLE_OIDC_GROUPS_CLAIM)
  --identities FILE       each user's LXD requests go with their own client certificate
                          (CONSOLE_IDENTITIES; needs --lxd-url): {"users": {"alice": {"cert":
                          FILE, "key": FILE}}, "groups": {"ops": {…}}, "default": "server" or
                          "deny"}; a single sign-on user without an entry of their own takes
                          the first of their provider groups listed in "groups"; with
                          --remotes, "remotes": {"NAME": {"users": …, "groups": …, "default": …}}
                          gives another remote's (a remote without one takes the top "default")
  --audit-log FILE        append a JSON line per change made through the proxy (CONSOLE_AUDIT_LOG)
  --audit-log-max-bytes N rotate the audit log at this size, keeping FILE.1 to FILE.5
                          (CONSOLE_AUDIT_LOG_MAX_BYTES; default ${DEFAULT_AUDIT_LOG_MAX_BYTES})

The activity journal (who did what, /ui/activity) and the usage history:
  --state-dir DIR         where the console server keeps its state: the journal's embedded
                          database and spool (CONSOLE_STATE_DIR; default
                          $XDG_STATE_HOME/lxd-console, else ~/.local/state/lxd-console)
  --journal WHERE         embedded (the default: a database in the state directory), a
                          PostgreSQL URL (postgres://USER@HOST:PORT/DB: console servers given the
                          same URL share one journal), or off (CONSOLE_JOURNAL)
  --journal-max-days N    entries older than N days are removed (CONSOLE_JOURNAL_MAX_DAYS;
                          default ${String(DEFAULT_RETENTION.maxAgeDays)})
  --journal-max-rows N    beyond N entries the oldest are removed (CONSOLE_JOURNAL_MAX_ROWS;
                          default ${String(DEFAULT_RETENTION.maxRows)})
  --usage-sample-seconds N  the usage history (/console/usage, kept in the journal's database;
                          off with --journal off) asks each remote's metrics every N seconds,
                          at least 10 (CONSOLE_USAGE_SAMPLE_SECONDS; default
                          ${String(DEFAULT_SAMPLE_MS / 1000)})
  --usage-raw-hours N     samples are kept as taken for N hours (CONSOLE_USAGE_RAW_HOURS;
                          default ${String(DEFAULT_USAGE_RETENTION.rawHours)})
  --usage-5m-days N       5-minute averages are kept N days (CONSOLE_USAGE_5M_DAYS; default
                          ${String(DEFAULT_USAGE_RETENTION.fiveMinuteDays)})
  --usage-1h-days N       hourly averages are kept N days (CONSOLE_USAGE_1H_DAYS; default
                          ${String(DEFAULT_USAGE_RETENTION.hourDays)})

Remote image servers (/console/simplestreams):
  --simplestreams-allow LIST  internal addresses the image picker's servers may be at, which are
                          refused otherwise (loopback, private, link-local …): comma-separated
                          ADDRESS or ADDRESS:PORT, e.g. 10.0.0.5:8080,[fd00::5]
                          (CONSOLE_SIMPLESTREAMS_ALLOW)
  -h, --help              show this help

Command: tsx server/main.ts hash-password
  reads a password on stdin and prints its scrypt hash for a line of the --auth-users file
`;

const VALUE_FLAGS = {
  'ui-dir': 'CONSOLE_UI_DIR',
  host: 'CONSOLE_HOST',
  port: 'CONSOLE_PORT',
  'tls-cert': 'CONSOLE_TLS_CERT',
  'tls-key': 'CONSOLE_TLS_KEY',
  'lxd-socket': 'LXD_SOCKET',
  'lxd-url': 'LXD_URL',
  'lxd-cert': 'LXD_CERT',
  'lxd-key': 'LXD_KEY',
  'lxd-server-cert': 'LXD_SERVER_CERT',
  'lxd-name': 'CONSOLE_LXD_NAME',
  remotes: 'CONSOLE_REMOTES',
  'auth-client-ca': 'CONSOLE_AUTH_CLIENT_CA',
  'auth-client-crl': 'CONSOLE_AUTH_CLIENT_CRL',
  'auth-client-fingerprints': 'CONSOLE_AUTH_CLIENT_FINGERPRINTS',
  'auth-users': 'CONSOLE_AUTH_USERS',
  'session-secret': 'CONSOLE_SESSION_SECRET',
  'oidc-issuer': 'CONSOLE_OIDC_ISSUER',
  'oidc-client-id': 'CONSOLE_OIDC_CLIENT_ID',
  'oidc-client-secret': 'CONSOLE_OIDC_CLIENT_SECRET',
  'oidc-redirect-url': 'CONSOLE_OIDC_REDIRECT_URL',
  'oidc-claim': 'CONSOLE_OIDC_CLAIM',
  'oidc-scopes': 'CONSOLE_OIDC_SCOPES',
  'oidc-groups-claim': 'CONSOLE_OIDC_GROUPS_CLAIM',
  identities: 'CONSOLE_IDENTITIES',
  'audit-log': 'CONSOLE_AUDIT_LOG',
  'audit-log-max-bytes': 'CONSOLE_AUDIT_LOG_MAX_BYTES',
  'simplestreams-allow': 'CONSOLE_SIMPLESTREAMS_ALLOW',
  'state-dir': 'CONSOLE_STATE_DIR',
  journal: 'CONSOLE_JOURNAL',
  'journal-max-days': 'CONSOLE_JOURNAL_MAX_DAYS',
  'journal-max-rows': 'CONSOLE_JOURNAL_MAX_ROWS',
  'usage-sample-seconds': 'CONSOLE_USAGE_SAMPLE_SECONDS',
  'usage-raw-hours': 'CONSOLE_USAGE_RAW_HOURS',
  'usage-5m-days': 'CONSOLE_USAGE_5M_DAYS',
  'usage-1h-days': 'CONSOLE_USAGE_1H_DAYS',
} as const;
type ValueFlag = keyof typeof VALUE_FLAGS;

function isValueFlag(name: string): name is ValueFlag {
  return Object.hasOwn(VALUE_FLAGS, name);
}

export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

interface ParsedArgs {
  values: Partial<Record<ValueFlag, string>>;
  allowRemote: boolean;
}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const values: Partial<Record<ValueFlag, string>> = {};
  let allowRemote = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new ConsoleError(`unexpected argument "${arg}" (see --help)`);
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (name === 'allow-remote' && eq === -1) {
      allowRemote = true;
      continue;
    }
    if (!isValueFlag(name)) throw new ConsoleError(`unknown option --${name} (see --help)`);
    let value: string | undefined;
    if (eq === -1) {
      value = argv[i + 1];
      i += 1;
    } else {
      value = arg.slice(eq + 1);
    }
    if (value === undefined || value === '' || (eq === -1 && value.startsWith('--'))) {
      throw new ConsoleError(`option --${name} needs a value`);
    }
    values[name] = value;
  }
  return { values, allowRemote };
}

/** An environment variable; an empty one counts as unset. */
function envValue(env: Env, flag: ValueFlag): string | undefined {
  const value = env[VALUE_FLAGS[flag]];
  return value === '' ? undefined : value;
}

/** A value from the flags, else from the environment. */
function pick(args: ParsedArgs, env: Env, flag: ValueFlag): string | undefined {
  return args.values[flag] ?? envValue(env, flag);
}

function parsePort(raw: string, source: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new ConsoleError(`${source} must be a port number from 0 to 65535, not "${raw}"`);
  }
  return Number(raw);
}

function parseMaxBytes(raw: string, source: string): number {
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
    throw new ConsoleError(`${source} must be a number of bytes from 1 up, not "${raw}"`);
  }
  return Number(raw);
}

/** The --oidc-* flags: none, or an issuer, client id and redirect URL with the rest. */
function oidcFlags(
  args: ParsedArgs,
  env: Env,
  secretFile: string | undefined,
): OidcFlags | undefined {
  const issuer = pick(args, env, 'oidc-issuer');
  const clientId = pick(args, env, 'oidc-client-id');
  const redirectUrl = pick(args, env, 'oidc-redirect-url');
  const claim = pick(args, env, 'oidc-claim');
  const scopes = pick(args, env, 'oidc-scopes');
  const groupsClaim = pick(args, env, 'oidc-groups-claim');
  const given = [issuer, clientId, redirectUrl, claim, scopes, groupsClaim, secretFile];
  if (given.every((value) => value === undefined)) return undefined;
  if (issuer === undefined || clientId === undefined || redirectUrl === undefined) {
    throw new ConsoleError(
      'single sign-on needs --oidc-issuer, --oidc-client-id and --oidc-redirect-url',
    );
  }
  return {
    issuer,
    clientId,
    redirectUrl,
    claim: claim ?? DEFAULT_OIDC_CLAIM,
    scopes: scopes ?? DEFAULT_OIDC_SCOPES,
    ...(secretFile === undefined ? {} : { clientSecretFile: secretFile }),
    ...(groupsClaim === undefined ? {} : { groupsClaim }),
  };
}

function lxdTarget(args: ParsedArgs, env: Env): LxdTarget {
  // Flags override the environment as a whole: `--lxd-url` wins over LXD_SOCKET, and so on.
  const fromFlags = args.values['lxd-socket'] !== undefined || args.values['lxd-url'] !== undefined;
  const socket = fromFlags ? args.values['lxd-socket'] : envValue(env, 'lxd-socket');
  const url = fromFlags ? args.values['lxd-url'] : envValue(env, 'lxd-url');
  const where = fromFlags ? '--lxd-socket and --lxd-url' : 'LXD_SOCKET and LXD_URL';
  if (socket !== undefined && url !== undefined) {
    throw new ConsoleError(`give only one of ${where}`);
  }
  if (socket !== undefined) return { kind: 'socket', path: path.resolve(socket) };
  if (url === undefined) {
    throw new ConsoleError(
      'no LXD given: use --lxd-socket PATH, or --lxd-url URL with --lxd-cert and --lxd-key',
    );
  }
  const cert = pick(args, env, 'lxd-cert');
  const key = pick(args, env, 'lxd-key');
  if (cert === undefined || key === undefined) {
    throw new ConsoleError('--lxd-url needs a client certificate: give --lxd-cert and --lxd-key');
  }
  const serverCert = pick(args, env, 'lxd-server-cert');
  return {
    kind: 'url',
    url,
    cert: path.resolve(cert),
    key: path.resolve(key),
    ...(serverCert === undefined ? {} : { serverCert: path.resolve(serverCert) }),
  };
}

/** Parses flags and environment into a checked config; throws a ConsoleError on any problem. */
export function parseConfig(
  argv: readonly string[],
  env: Env = process.env,
  defaults: { uiDir?: string } = {},
): ConsoleConfig {
  const args = parseArgs(argv);
  const port = pick(args, env, 'port');
  const tlsCert = pick(args, env, 'tls-cert');
  const tlsKey = pick(args, env, 'tls-key');
  if ((tlsCert === undefined) !== (tlsKey === undefined)) {
    throw new ConsoleError('HTTPS needs both --tls-cert and --tls-key');
  }
  const resolved = (flag: ValueFlag): string | undefined => {
    const value = pick(args, env, flag);
    return value === undefined ? undefined : path.resolve(value);
  };
  const auth: AuthFiles = {};
  const clientCa = resolved('auth-client-ca');
  const clientFingerprints = resolved('auth-client-fingerprints');
  const users = resolved('auth-users');
  if (clientCa !== undefined) auth.clientCa = clientCa;
  const clientCrl = resolved('auth-client-crl');
  if (clientCrl !== undefined) auth.clientCrl = clientCrl;
  if (clientFingerprints !== undefined) auth.clientFingerprints = clientFingerprints;
  if (users !== undefined) auth.users = users;
  const sessionSecret = resolved('session-secret');
  if (sessionSecret !== undefined) auth.sessionSecret = sessionSecret;
  const oidc = oidcFlags(args, env, resolved('oidc-client-secret'));
  if (oidc !== undefined) auth.oidc = oidc;
  const identities = resolved('identities');
  const lxdName = pick(args, env, 'lxd-name');
  const remotes = resolved('remotes');
  const auditLog = resolved('audit-log');
  const maxBytes = pick(args, env, 'audit-log-max-bytes');
  const simplestreamsAllow = pick(args, env, 'simplestreams-allow')
    ?.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const config: ConsoleConfig = {
    uiDir: path.resolve(pick(args, env, 'ui-dir') ?? defaults.uiDir ?? DEFAULT_UI_DIR),
    host: pick(args, env, 'host') ?? DEFAULT_HOST,
    port:
      port === undefined
        ? DEFAULT_PORT
        : parsePort(port, args.values.port === undefined ? 'CONSOLE_PORT' : '--port'),
    ...(tlsCert !== undefined && tlsKey !== undefined
      ? { tls: { cert: path.resolve(tlsCert), key: path.resolve(tlsKey) } }
      : {}),
    allowRemote: args.allowRemote,
    lxd: lxdTarget(args, env),
    ...(lxdName === undefined ? {} : { lxdName }),
    ...(remotes === undefined ? {} : { remotes }),
    ...(Object.keys(auth).length > 0 ? { auth } : {}),
    ...(identities === undefined ? {} : { identities }),
    ...(auditLog === undefined
      ? {}
      : {
          auditLog: {
            file: auditLog,
            maxBytes:
              maxBytes === undefined
                ? DEFAULT_AUDIT_LOG_MAX_BYTES
                : parseMaxBytes(
                    maxBytes,
                    args.values['audit-log-max-bytes'] === undefined
                      ? 'CONSOLE_AUDIT_LOG_MAX_BYTES'
                      : '--audit-log-max-bytes',
                  ),
          },
        }),
    ...(simplestreamsAllow === undefined ? {} : { simplestreamsAllow }),
    ...journalConfig((flag) => pick(args, env, flag), env),
  };
  if (auditLog === undefined && maxBytes !== undefined) {
    throw new ConsoleError('--audit-log-max-bytes needs --audit-log FILE');
  }
  validateConfig(config);
  return config;
}
