/**
 * Local LXD (and Incus) daemons for development, tests and benchmarks.
 *
 * Each named profile is a real daemon of its own, LXD 5.0.2, or Incus 6.0 for the profiles named
 * incus* (see isIncusProfile): state under
 * `${LXD_CONSOLE_STATE_ROOT:-/var/lib/lxd-console}/<name>/` (`lxd/` is its LXD_DIR, plus `certs/`,
 * `lxd.log`, `lxd.pid` and `env`), its own HTTPS port on 127.0.0.1 and its own bridge and subnet,
 * so it never touches /var/lib/lxd or another daemon. The work is done by scripts/lxd/setup.sh and
 * scripts/lxd/teardown.sh; this module runs them and reads what they write.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type LxdEnv = {
  name: string;
  /** LXD_DIR of the daemon. */
  dir: string;
  /** `${dir}/unix.socket`; root on it is trusted. */
  socket: string;
  /** `https://127.0.0.1:PORT` */
  url: string;
  /** `127.0.0.1:PORT` */
  addr: string;
  bridge: string;
  /** LXD_UI of the daemon: LXD serves this directory at /ui/. */
  uiDir: string;
  pid: number;
  adminCert: string;
  adminKey: string;
  adminPfx: string;
  untrustedCert: string;
  untrustedKey: string;
  untrustedPfx: string;
  limitedCert: string;
  limitedKey: string;
  limitedPfx: string;
};

export type LxdProfile = { addr: string; bridge: string; bridgeCidr: string };

/** Defaults of the named daemons (keep in sync with load_profile in scripts/lxd/common.sh). */
export const lxdProfiles = {
  /** `npm start` */
  dev: { addr: '127.0.0.1:18443', bridge: 'lxcdev0', bridgeCidr: '10.181.0.1/24' },
  /** the e2e test run */
  e2e: { addr: '127.0.0.1:18444', bridge: 'lxce2e0', bridgeCidr: '10.182.0.1/24' },
  /** benchmarks */
  bench: { addr: '127.0.0.1:18445', bridge: 'lxcbench0', bridgeCidr: '10.183.0.1/24' },
  /** throw-away daemon for tests that enable clustering or restart the daemon */
  e2e2: { addr: '127.0.0.1:18446', bridge: 'lxce2e2', bridgeCidr: '10.184.0.1/24' },
  /** Incus 6.0 (Debian's bookworm-backports) for the e2e project "incus" */
  incus: { addr: '127.0.0.1:18447', bridge: 'incuse2e0', bridgeCidr: '10.185.0.1/24' },
  /** Incus 6.0 for `npm start -- --incus` */
  'incus-dev': { addr: '127.0.0.1:18448', bridge: 'incusdev0', bridgeCidr: '10.186.0.1/24' },
  /** a remote the e2e project "remotes" stops and starts again (e2e/specs/*.remotes.spec.ts) */
  spare: { addr: '127.0.0.1:18449', bridge: 'lxcspare0', bridgeCidr: '10.187.0.1/24' },
} as const satisfies Record<string, LxdProfile>;

/** A profile named incus… is an Incus daemon (scripts/lxd/common.sh decides the same way). */
export function isIncusProfile(name: string): boolean {
  return name.startsWith('incus');
}

export type LxdProfileName = keyof typeof lxdProfiles;

/** An expected failure, with a message fit to print as one line. */
export class LxdError extends Error {
  override name = 'LxdError';
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const scriptsDir = path.join(repoRoot, 'scripts', 'lxd');

export function stateRoot(): string {
  return process.env.LXD_CONSOLE_STATE_ROOT ?? '/var/lib/lxd-console';
}

export function stateDir(name: string): string {
  return path.join(stateRoot(), name);
}

function checkName(name: string): void {
  if (!/^[a-z][a-z0-9-]{0,31}$/.test(name)) {
    throw new LxdError(
      `invalid LXD name '${name}' (use dev, e2e, bench, e2e2, spare, incus or incus-dev)`,
    );
  }
}

function requireRoot(): void {
  if (process.getuid && process.getuid() !== 0) {
    throw new LxdError('must run as root: the local LXD daemons need root (try sudo)');
  }
}

const ERROR_LINE = /^lxd\[[^\]]*\]: error: (.*)$/;

/** Runs one of scripts/lxd/*.sh; progress lines go to stderr unless quiet, errors become LxdError. */
function runScript(
  script: string,
  name: string,
  env: NodeJS.ProcessEnv,
  quiet: boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [path.join(scriptsDir, script), name], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errorLine: string | undefined;
    const tail: string[] = [];
    let pending = '';
    const onLine = (line: string): void => {
      if (line.trim() === '') return;
      const match = ERROR_LINE.exec(line);
      if (match) {
        errorLine ??= match[1];
        return;
      }
      tail.push(line);
      if (tail.length > 5) tail.shift();
      if (!quiet) process.stderr.write(`${line}\n`);
    };
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        onLine(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
    });
    child.on('error', (error) => {
      reject(new LxdError(`cannot run ${script}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      if (pending) onLine(pending);
      if (code === 0) {
        resolve();
        return;
      }
      const why = errorLine ?? tail.at(-1) ?? `exited with ${signal ?? String(code)}`;
      reject(new LxdError(`${script} ${name}: ${why}`));
    });
  });
}

/**
 * Starts the named local LXD (installing packages, creating state, certificates and images as
 * needed) or re-checks it when it already runs, and returns its environment. A daemon running
 * with another LXD_UI directory is restarted.
 */
export async function startLocalLxd(
  name: string,
  opts: { withBrowser?: boolean; uiDir?: string; quiet?: boolean } = {},
): Promise<LxdEnv> {
  checkName(name);
  requireRoot();
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (opts.uiDir !== undefined) env.LXD_UI_DIR = path.resolve(opts.uiDir);
  if (opts.withBrowser) env.WITH_BROWSER = '1';
  await runScript('setup.sh', name, env, opts.quiet ?? false);
  const result = readLxdEnv(name);
  if (!result) throw new LxdError(`setup.sh ${name} finished but wrote no usable ${envFile(name)}`);
  return result;
}

/** Stops the named daemon (instances first); its state stays for the next start. */
export async function stopLocalLxd(name: string, opts: { quiet?: boolean } = {}): Promise<void> {
  checkName(name);
  requireRoot();
  await runScript('teardown.sh', name, { ...process.env, KEEP_STATE: '1' }, opts.quiet ?? false);
}

/** Stops the named daemon and deletes its whole state directory. */
export async function wipeLocalLxd(name: string, opts: { quiet?: boolean } = {}): Promise<void> {
  checkName(name);
  requireRoot();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.KEEP_STATE;
  await runScript('teardown.sh', name, env, opts.quiet ?? false);
}

function envFile(name: string): string {
  return path.join(stateDir(name), 'env');
}

/** Parses the `export KEY='value'` lines setup.sh writes (single quotes, `'\''` escapes). */
export function parseEnvFile(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const match = /^export ([A-Z_][A-Z0-9_]*)=((?:'[^']*'|\\')*)$/.exec(raw.trim());
    if (!match?.[1] || match[2] === undefined) continue;
    const value = match[2].replace(
      /'([^']*)'|\\(')/g,
      (_m, quoted: string | undefined, q: string | undefined) => quoted ?? q ?? '',
    );
    values.set(match[1], value);
  }
  return values;
}

/** The environment of the named daemon as last written by setup.sh, or undefined. */
export function readLxdEnv(name: string): LxdEnv | undefined {
  let text: string;
  try {
    text = readFileSync(envFile(name), 'utf8');
  } catch {
    return undefined;
  }
  const v = parseEnvFile(text);
  const get = (key: string): string | undefined => v.get(key);
  const fields = {
    name: get('LXD_NAME'),
    dir: get('LXD_DIR'),
    socket: get('LXD_SOCKET'),
    url: get('LXD_URL'),
    addr: get('LXD_ADDR'),
    bridge: get('LXD_BRIDGE'),
    uiDir: get('LXD_UI_DIR'),
    adminCert: get('LXD_ADMIN_CERT'),
    adminKey: get('LXD_ADMIN_KEY'),
    adminPfx: get('LXD_ADMIN_PFX'),
    untrustedCert: get('LXD_UNTRUSTED_CERT'),
    untrustedKey: get('LXD_UNTRUSTED_KEY'),
    untrustedPfx: get('LXD_UNTRUSTED_PFX'),
    limitedCert: get('LXD_LIMITED_CERT'),
    limitedKey: get('LXD_LIMITED_KEY'),
    limitedPfx: get('LXD_LIMITED_PFX'),
  };
  const pid = Number(get('LXD_PID'));
  const missing = Object.entries(fields).filter(([, value]) => !value);
  if (missing.length > 0 || !Number.isInteger(pid) || pid <= 0) return undefined;
  return { ...(fields as Record<keyof typeof fields, string>), pid };
}

/** The environment without LXD_SOCKET and INCUS_SOCKET, which override LXD_DIR / INCUS_DIR. */
export function withoutDaemonSockets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  delete rest.LXD_SOCKET;
  delete rest.INCUS_SOCKET;
  return rest;
}

/**
 * Runs the daemon's client (`lxc`, or `incus` for an Incus profile) against this daemon only
 * (LXD_DIR / INCUS_DIR + its own client config); resolves with stdout.
 */
export function lxc(env: LxdEnv, args: string[]): Promise<string> {
  const incus = isIncusProfile(env.name);
  const config = path.join(path.dirname(env.dir), 'lxc-config');
  return new Promise((resolve, reject) => {
    execFile(
      incus ? 'incus' : 'lxc',
      args,
      {
        // Without LXD_SOCKET / INCUS_SOCKET (the e2e run exports the e2e LXD's): the client
        // would go to that socket whatever LXD_DIR says.
        env: {
          ...withoutDaemonSockets(process.env),
          ...(incus
            ? { INCUS_DIR: env.dir, INCUS_CONF: config }
            : { LXD_DIR: env.dir, LXD_CONF: config }),
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) {
          const detail = (stderr.trim().split('\n').at(-1) ?? '').replace(/^Error: /, '');
          reject(
            new LxdError(
              `${incus ? 'incus' : 'lxc'} ${args.join(' ')}: ${detail || error.message}`,
            ),
          );
          return;
        }
        resolve(stdout);
      },
    );
  });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One request to the daemon's unix socket (as root, so trusted). */
function unixRequest(env: LxdEnv, method: string, urlPath: string, body?: Json): Promise<Json> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        socketPath: env.socket,
        method,
        path: urlPath,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Json;
          try {
            parsed = JSON.parse(text) as Json;
          } catch {
            reject(new LxdError(`${method} ${urlPath}: HTTP ${res.statusCode ?? '?'}, not JSON`));
            return;
          }
          if ((res.statusCode ?? 500) >= 400 || (isObject(parsed) && parsed.type === 'error')) {
            const message =
              isObject(parsed) && typeof parsed.error === 'string' ? parsed.error : '';
            reject(
              new LxdError(`${method} ${urlPath}: ${message || `HTTP ${res.statusCode ?? '?'}`}`),
            );
            return;
          }
          resolve(parsed);
        });
      },
    );
    req.on('error', (error) => {
      reject(new LxdError(`${method} ${urlPath} via ${env.socket}: ${error.message}`));
    });
    req.end(payload);
  });
}

/**
 * Creates a fresh trust token for a client certificate named `clientName` (optionally restricted
 * to some projects). An untrusted client redeems it on LXD 5.0.2 with
 * `POST /1.0/certificates {"type":"client","password":"<token>"}` presenting its own certificate.
 * The token is the same string `lxc config trust add --name` prints: base64 of
 * {client_name, fingerprint (the server's), addresses, secret, expires_at}.
 */
export async function createTrustToken(
  env: LxdEnv,
  clientName: string,
  opts: { projects?: string[] } = {},
): Promise<string> {
  const request: { [key: string]: Json } = { name: clientName, type: 'client', token: true };
  if (opts.projects) {
    request.restricted = true;
    request.projects = opts.projects;
  }
  const response = await unixRequest(env, 'POST', '/1.0/certificates', request);
  const operation = isObject(response) ? response.metadata : undefined;
  const meta = isObject(operation) ? operation.metadata : undefined;
  if (!isObject(meta)) throw new LxdError('token operation without metadata');
  const { fingerprint, addresses, secret } = meta;
  const expiresAt = meta.expiresAt;
  if (
    typeof fingerprint !== 'string' ||
    typeof secret !== 'string' ||
    !Array.isArray(addresses) ||
    !addresses.every((a) => typeof a === 'string')
  ) {
    throw new LxdError('token operation metadata lacks fingerprint, addresses or secret');
  }
  // Same field order and zero time as the Go client, so the string matches `lxc` byte for byte.
  const token = {
    client_name: clientName,
    fingerprint,
    addresses,
    secret,
    expires_at: typeof expiresAt === 'string' && expiresAt ? expiresAt : '0001-01-01T00:00:00Z',
  };
  return Buffer.from(JSON.stringify(token), 'utf8').toString('base64');
}
