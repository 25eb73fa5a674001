/**
 * The remotes the console server fronts (server/remotes-file.ts): each with its own upstream
 * (the console server's identity there), checked with GET /1.0 at start, all at once. The
 * default remote failing stops the start, as with one LXD; another remote that fails is one
 * line on stderr, stays in the list, and its requests get the proxy's 502 until it answers.
 * /1.0/… goes to the default remote, /remote/<name>/1.0/… and /remote/<name>/documentation…
 * to the named one, with the /remote/<name> prefix taken off the URL LXD gets.
 */
import type { IncomingMessage } from 'node:http';
import type { ConsoleConfig, LxdTarget } from './config';
import { errorMessage } from './errors';
import { checkLxd, type LxdInfo } from './lxd-check';
import type { LxdProxy } from './proxy';
import { remoteTargets } from './remotes-file';
import type { Route } from './routes';
import { createUpstream, type Upstream } from './upstream';

export interface Remote {
  name: string;
  isDefault: boolean;
  target: LxdTarget;
  /** The console server's own way to it. */
  upstream: Upstream;
}

export interface OpenRemotes {
  /** In order, the default remote first. */
  list: Remote[];
  /** What the default remote said at start. */
  info: LxdInfo;
  /** The other remotes that could not be reached or did not trust the console at start. */
  failed: ReadonlySet<string>;
  close: () => void;
}

/** The answer for a /remote/<name>/… path of a remote that does not exist. */
export function noRemoteMessage(name: string): string {
  return `console server: there is no remote "${name}"`;
}

/** The start-up line for another remote than the default one that failed a check. */
export function remoteWarning(name: string, error: unknown): string {
  return `console server: remote "${name}": ${errorMessage(error).split('\n')[0] ?? ''}\n`;
}

/** How a remote is named in /console/remotes: its URL, or unix:<socket path>. */
export function remoteUrl(remote: Remote): string {
  return remote.target.kind === 'socket' ? `unix:${remote.target.path}` : remote.upstream.label;
}

/**
 * Opens an upstream to each remote of the config and asks each for GET /1.0. Rejects with the
 * default remote's ConsoleError (everything closed again); another remote's failure is written
 * to stderr as `console server: remote "<name>": <reason>`.
 */
export async function openRemotes(config: ConsoleConfig): Promise<OpenRemotes> {
  const list: Remote[] = [];
  const close = () => {
    for (const { upstream } of list) upstream.close();
  };
  try {
    for (const { name, target, isDefault } of remoteTargets(config)) {
      list.push({ name, isDefault, target, upstream: createUpstream(target) });
    }
  } catch (error) {
    close();
    throw error;
  }
  const results = await Promise.allSettled(
    list.map(({ upstream, target }) => checkLxd(upstream, target)),
  );
  const failed = new Set<string>();
  let info: LxdInfo | undefined;
  for (const [index, result] of results.entries()) {
    const remote = list[index];
    if (remote === undefined) continue;
    if (result.status === 'fulfilled') {
      if (remote.isDefault) info = result.value;
    } else if (remote.isDefault) {
      close();
      throw result.reason;
    } else {
      failed.add(remote.name);
      process.stderr.write(remoteWarning(remote.name, result.reason));
    }
  }
  if (info === undefined) throw new Error('the default remote was not checked');
  return { list, info, failed, close };
}

/**
 * The proxy a proxied route goes to: the default remote's for /1.0…, else the named remote's,
 * with the request's URL made the one LXD gets. Undefined for a remote that does not exist.
 */
export function proxyOf(
  route: Extract<Route, { kind: 'proxy' }>,
  req: IncomingMessage,
  proxies: ReadonlyMap<string, LxdProxy>,
  defaultName: string,
): LxdProxy | undefined {
  const proxy = proxies.get(route.remote ?? defaultName);
  if (proxy !== undefined && route.upstreamTarget !== undefined) req.url = route.upstreamTarget;
  return proxy;
}
