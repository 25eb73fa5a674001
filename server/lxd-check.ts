/**
 * The start-up check: GET /1.0 through the same transport the proxy uses. An LXD that cannot be
 * reached, or that does not trust the console's certificate, stops the start with one line (for
 * another remote than the default one, that line goes to stderr and the server starts:
 * server/remotes.ts).
 * probeLxd is the same request without the verdict, for GET /console/remotes.
 */
import type { LxdTarget } from './config';
import { ConsoleError, errorCode, errorMessage } from './errors';
import type { Upstream } from './upstream';

export interface LxdInfo {
  /** `environment.server_version`, e.g. "5.0.2". */
  serverVersion: string;
  auth: string;
}

const CHECK_TIMEOUT_MS = 10_000;

function unreachable(lxd: LxdTarget, label: string, error: unknown): ConsoleError {
  const code = errorCode(error);
  if (lxd.kind === 'socket') {
    if (code === 'ENOENT')
      return new ConsoleError(`cannot reach LXD: there is no unix socket at ${lxd.path}`);
    if (code === 'ECONNREFUSED')
      return new ConsoleError(`cannot reach LXD: nothing listens on the unix socket ${lxd.path}`);
    if (code === 'EACCES') {
      return new ConsoleError(
        `cannot reach LXD: permission denied on ${lxd.path} (run as root or as a member of the lxd group)`,
      );
    }
  } else if (code === 'ECONNREFUSED') {
    return new ConsoleError(`cannot reach LXD at ${label}: connection refused`);
  } else if (
    lxd.serverCert !== undefined &&
    code !== undefined &&
    /CERT|SELF_SIGNED|VERIFY/.test(code)
  ) {
    return new ConsoleError(
      `LXD at ${label} presented a certificate other than ${lxd.serverCert} (${lxd.serverCertFrom ?? '--lxd-server-cert'}): ${errorMessage(error)}`,
    );
  }
  if (error instanceof ConsoleError)
    return new ConsoleError(`cannot reach LXD at ${label}: ${error.message}`);
  return new ConsoleError(
    `cannot reach LXD at ${label}: ${errorMessage(error)}${code && !errorMessage(error).includes(code) ? ` (${code})` : ''}`,
  );
}

function getJson(
  upstream: Upstream,
  lxd: LxdTarget,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = upstream.request('/1.0', { accept: 'application/json' });
    const timer = setTimeout(() => {
      req.destroy(new ConsoleError(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    req.once('error', (error) => {
      clearTimeout(timer);
      reject(unreachable(lxd, upstream.label, error));
    });
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('error', (error) => {
        clearTimeout(timer);
        reject(unreachable(lxd, upstream.label, error));
      });
      res.once('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          reject(
            new ConsoleError(
              `${upstream.label} does not answer like LXD: GET /1.0 gave HTTP ${res.statusCode ?? 0} without JSON`,
            ),
          );
          return;
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.end();
  });
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** What GET /1.0 told: its `auth`, and its `environment` (absent for an untrusted client). */
export interface LxdProbe {
  auth: string;
  environment: Record<string, unknown> | undefined;
}

/**
 * GET /1.0 through `upstream`: LXD's answer, or a ConsoleError (one line) when it cannot be
 * reached or does not answer like LXD. Whether it trusts the client is the caller's business.
 */
export async function probeLxd(
  upstream: Upstream,
  lxd: LxdTarget,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<LxdProbe> {
  const { status, body } = await getJson(upstream, lxd, timeoutMs);
  const metadata = field(body, 'metadata');
  const auth = field(metadata, 'auth');
  if (status !== 200 || typeof auth !== 'string') {
    const error = field(body, 'error');
    const detail = typeof error === 'string' && error !== '' ? `: ${error}` : '';
    throw new ConsoleError(
      `${upstream.label} does not answer like LXD: GET /1.0 gave HTTP ${status}${detail}`,
    );
  }
  const environment = field(metadata, 'environment');
  return {
    auth,
    environment:
      typeof environment === 'object' && environment !== null && !Array.isArray(environment)
        ? (environment as Record<string, unknown>)
        : undefined,
  };
}

/** The refusal of an LXD that does not trust the console's certificate (`auth` is not trusted). */
export function untrustedError(upstream: Upstream, lxd: LxdTarget, auth: string): ConsoleError {
  const who =
    lxd.kind === 'url' ? `the client certificate ${lxd.cert}` : 'this user on its unix socket';
  const hint = lxd.kind === 'url' ? `; trust it with: lxc config trust add ${lxd.cert}` : '';
  return new ConsoleError(`LXD at ${upstream.label} does not trust ${who} (auth: ${auth})${hint}`);
}

export async function checkLxd(
  upstream: Upstream,
  lxd: LxdTarget,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<LxdInfo> {
  const { auth, environment } = await probeLxd(upstream, lxd, timeoutMs);
  if (auth !== 'trusted') throw untrustedError(upstream, lxd, auth);
  const version = environment?.server_version;
  return { auth, serverVersion: typeof version === 'string' ? version : 'unknown version' };
}
