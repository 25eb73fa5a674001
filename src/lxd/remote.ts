/**
 * The remote this page talks to: the one place that knows it. A console server that fronts
 * several servers proxies each configured remote at `/remote/{name}/1.0/...` (HTTP and
 * websockets; `/remote/{name}/documentation` and `/remote/{name}/oidc` too) and keeps `/1.0/...`
 * for its default remote; LXD serving the console itself has only `/1.0/...`.
 *
 * The page's remote is set once at start from its address (`/ui/remote/{name}/…`, see
 * src/shared/routing/base.ts) and does not change while the page lives: choosing another remote
 * loads a new page, so caches and the event stream start fresh. Every URL the console builds for
 * LXD goes through `remotePath` (client.ts `buildUrl` for requests, uploads and downloads,
 * `websocketUrl` for the event stream, terminals and consoles).
 */

/** null: the default remote (plain `/1.0/...`). */
let pageRemote: string | null = null;

/** The remote of this page; null for the default remote. */
export function currentRemote(): string | null {
  return pageRemote;
}

/** Sets the remote of this page (once, at start; tests set and reset it). '' is the default. */
export function setCurrentRemote(remote: string | null): void {
  pageRemote = remote || null;
}

/** Where a remote's LXD paths live: '' for the default remote, `/remote/{name}` otherwise. */
export function remotePrefix(remote: string | null): string {
  return remote === null ? '' : `/remote/${encodeURIComponent(remote)}`;
}

const LXD_ROOTS = ['/1.0', '/oidc', '/documentation'];

/**
 * The URL of an LXD path (`/1.0/...`, `/documentation...`, `/oidc...`, its query included) on a
 * remote: `/remote/{name}/1.0/...`, or the path itself for the default remote. Without `remote`
 * (undefined) the page's remote; null is the default remote.
 */
export function remotePath(path: string, remote: string | null = currentRemote()): string {
  if (!LXD_ROOTS.some((root) => path.startsWith(root))) {
    throw new Error(`LXD paths are relative and start with /1.0: ${path}`);
  }
  return `${remotePrefix(remote)}${path}`;
}

export interface WebsocketUrlOptions {
  /** The page's own origin by default: websockets never leave it. */
  origin?: Pick<Location, 'protocol' | 'host'> | undefined;
  /** As for `remotePath`: undefined is the page's remote, null the default one. */
  remote?: string | null | undefined;
}

/** The websocket URL of an LXD path on the page's origin (ws: for http:, wss: for https:). */
export function websocketUrl(path: string, options: WebsocketUrlOptions = {}): string {
  const origin = options.origin ?? window.location;
  const scheme = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${origin.host}${remotePath(path, options.remote)}`;
}
