/**
 * GET /console/remotes (behind the gate, answered by the console server itself): the remotes it
 * fronts, in order, each with what GET /1.0 with the console server's own identity says now:
 *   {"remotes": [{"name": "local", "default": true, "url": "https://127.0.0.1:18444",
 *     "state": "online", "kind": "lxd", "version": "5.0.2", "clustered": false}, …]}
 * `state` is "online", "unreachable" or "untrusted" (then with `error`, one line); `kind` is
 * "incus" or "lxd" from environment.server, `version` environment.server_version, `clustered`
 * environment.server_clustered, each null when LXD did not say. Each remote's answer is kept
 * REMOTE_STATE_TTL_MS, and callers at the same time share one request, so a console polling
 * every few seconds costs the remotes nothing more.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage } from './errors';
import { probeLxd, untrustedError } from './lxd-check';
import { sendLxdError } from './proxy';
import { remoteUrl, type Remote } from './remotes';

export const REMOTE_STATE_TTL_MS = 5_000;
export const REMOTE_STATE_TIMEOUT_MS = 5_000;

export interface RemoteState {
  name: string;
  default: boolean;
  url: string;
  state: 'online' | 'unreachable' | 'untrusted';
  kind: 'lxd' | 'incus' | null;
  version: string | null;
  clustered: boolean | null;
  /** Why it is not online. */
  error?: string;
}

export interface RemoteStatusOptions {
  ttlMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

function oneLine(error: unknown): string {
  return errorMessage(error).split('\n')[0] ?? '';
}

/** What GET /1.0 of one remote says, as a RemoteState. */
async function askRemote(remote: Remote, timeoutMs: number): Promise<RemoteState> {
  const about = { name: remote.name, default: remote.isDefault, url: remoteUrl(remote) };
  try {
    const { auth, environment } = await probeLxd(remote.upstream, remote.target, timeoutMs);
    const server = environment?.server;
    const version = environment?.server_version;
    const clustered = environment?.server_clustered;
    const known = {
      kind: environment === undefined ? null : server === 'incus' ? 'incus' : 'lxd',
      version: typeof version === 'string' ? version : null,
      clustered: typeof clustered === 'boolean' ? clustered : null,
    } as const;
    if (auth === 'trusted') return { ...about, state: 'online', ...known };
    const error = oneLine(untrustedError(remote.upstream, remote.target, auth));
    return { ...about, state: 'untrusted', ...known, error };
  } catch (error) {
    return {
      ...about,
      state: 'unreachable',
      kind: null,
      version: null,
      clustered: null,
      error: oneLine(error),
    };
  }
}

export interface RemoteStatus {
  /** Every remote's state, in order (from the cache when fresh). */
  states: () => Promise<RemoteState[]>;
  /** Answers an admitted request for /console/remotes. */
  send: (req: IncomingMessage, res: ServerResponse) => void;
}

export function createRemoteStatus(
  remotes: readonly Remote[],
  options: RemoteStatusOptions = {},
): RemoteStatus {
  const ttlMs = options.ttlMs ?? REMOTE_STATE_TTL_MS;
  const timeoutMs = options.timeoutMs ?? REMOTE_STATE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  /** Per remote: the answer, or the request on its way (until: Infinity). */
  const cache = new Map<string, { state: Promise<RemoteState>; until: number }>();

  function stateOf(remote: Remote): Promise<RemoteState> {
    const kept = cache.get(remote.name);
    if (kept && now() < kept.until) return kept.state;
    const entry = { state: askRemote(remote, timeoutMs), until: Infinity };
    cache.set(remote.name, entry);
    void entry.state.then(() => {
      entry.until = now() + ttlMs;
    });
    return entry.state;
  }

  const states = () => Promise.all(remotes.map(stateOf));

  return {
    states,
    send(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD');
        sendLxdError(res, 405, 'method not allowed');
        return;
      }
      void states().then((list) => {
        if (res.destroyed) return;
        const body = JSON.stringify({ remotes: list });
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'Cache-Control': 'no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    },
  };
}
