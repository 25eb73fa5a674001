/**
 * Which part of the console server answers a request, decided from the raw request target
 * (Node does not normalise it). Anything with a dot segment, even percent-encoded, is refused
 * before it can reach the file system or LXD, /remote/<name>/… paths included.
 */

export type Route =
  | { kind: 'redirect'; location: string }
  /** A file under the UI directory: the decoded path segments after /ui/. */
  | { kind: 'static'; segments: string[] }
  /**
   * To LXD. `remote`: /remote/<name>/… (the name decoded), with `upstreamTarget` the request
   * target LXD gets (the rest of the raw path, and the query); without it the default remote.
   */
  | { kind: 'proxy'; remote?: string; upstreamTarget?: string }
  /** GET /console/simplestreams?url=…: a remote image server's index, read by the console server. */
  | { kind: 'simplestreams' }
  /** GET /console/session: who is signed in to the console server, and how (console-session.ts). */
  | { kind: 'session' }
  /** GET /console/remotes: the remotes and their state (server/remotes-status.ts). */
  | { kind: 'remotes' }
  /** GET /console/activity[/export]: the activity journal (server/journal/http.ts). */
  | { kind: 'activity'; export: boolean }
  /** GET /console/usage: usage history from the journal's database (server/journal/usage-http.ts). */
  | { kind: 'usage' }
  | { kind: 'refused'; status: 400 | 404; reason: string };

/** The console server's own JSON endpoint for remote image servers (server/simplestreams.ts). */
export const SIMPLESTREAMS_PATH = '/console/simplestreams';

/** The console server's own JSON endpoint that names the signed-in user (server/console-session.ts). */
export const CONSOLE_SESSION_PATH = '/console/session';

/** The console server's own JSON list of the remotes it fronts (server/remotes-status.ts). */
export const CONSOLE_REMOTES_PATH = '/console/remotes';

/** The activity journal's pages, and their export (server/journal/http.ts). */
export const CONSOLE_ACTIVITY_PATH = '/console/activity';
export const CONSOLE_ACTIVITY_EXPORT_PATH = '/console/activity/export';

/** Usage history of an instance, a project or a cluster member (server/journal/usage-http.ts). */
export const CONSOLE_USAGE_PATH = '/console/usage';

/** The LXD paths the console server forwards; nothing else reaches LXD. */
export const PROXIED_PREFIXES = ['/1.0', '/oidc', '/documentation'] as const;

/** Those of them a remote other than the default one is reached at, under /remote/<name>. */
export const REMOTE_PROXIED_PREFIXES = ['/1.0', '/documentation'] as const;

/** The prefix of another remote's paths: /remote/<name>/1.0/… */
export const REMOTE_PREFIX = '/remote/';

function isProxied(rawPath: string, prefixes: readonly string[] = PROXIED_PREFIXES): boolean {
  return prefixes.some((prefix) => rawPath === prefix || rawPath.startsWith(`${prefix}/`));
}

/** /remote/<name>/<proxied path>: the remote and the target LXD gets; else undefined. */
function remoteRoute(rawPath: string, query: string): Route | undefined {
  if (!rawPath.startsWith(REMOTE_PREFIX)) return undefined;
  const rest = rawPath.slice(REMOTE_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  const inner = rest.slice(slash);
  if (!isProxied(inner, REMOTE_PROXIED_PREFIXES)) return undefined;
  // The whole path decoded already, so each of its segments does.
  return {
    kind: 'proxy',
    remote: decodeURIComponent(rest.slice(0, slash)),
    upstreamTarget: `${inner}${query}`,
  };
}

/** Splits a request target into its raw path and query, and checks the decoded path is clean. */
export function classify(target: string): Route {
  if (!target.startsWith('/'))
    return { kind: 'refused', status: 400, reason: 'bad request target' };
  const q = target.indexOf('?');
  const rawPath = q === -1 ? target : target.slice(0, q);
  const query = q === -1 ? '' : target.slice(q);

  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'refused', status: 400, reason: 'bad percent-encoding in path' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) {
    return { kind: 'refused', status: 400, reason: 'bad character in path' };
  }
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) {
    return { kind: 'refused', status: 400, reason: 'dot segments are not allowed in paths' };
  }

  if (rawPath === '/' || rawPath === '/ui') return { kind: 'redirect', location: `/ui/${query}` };
  if (rawPath.startsWith('/ui/')) {
    const segments = decoded
      .slice('/ui/'.length)
      .split('/')
      .filter((segment) => segment !== '');
    return { kind: 'static', segments };
  }
  if (isProxied(rawPath)) return { kind: 'proxy' };
  const remote = remoteRoute(rawPath, query);
  if (remote) return remote;
  if (rawPath === SIMPLESTREAMS_PATH) return { kind: 'simplestreams' };
  if (rawPath === CONSOLE_SESSION_PATH) return { kind: 'session' };
  if (rawPath === CONSOLE_REMOTES_PATH) return { kind: 'remotes' };
  if (rawPath === CONSOLE_ACTIVITY_PATH) return { kind: 'activity', export: false };
  if (rawPath === CONSOLE_ACTIVITY_EXPORT_PATH) return { kind: 'activity', export: true };
  if (rawPath === CONSOLE_USAGE_PATH) return { kind: 'usage' };
  return { kind: 'refused', status: 404, reason: 'not found' };
}
