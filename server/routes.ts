/**
 * Which part of the console server answers a request, decided from the raw request target
 * (Node does not normalise it). Anything with a dot segment, even percent-encoded, is refused
 * before it can reach the file system or LXD.
 */

export type Route =
  | { kind: 'redirect'; location: string }
  /** A file under the UI directory: the decoded path segments after /ui/. */
  | { kind: 'static'; segments: string[] }
  | { kind: 'proxy' }
  /** GET /console/simplestreams?url=…: a remote image server's index, read by the console server. */
  | { kind: 'simplestreams' }
  /** GET /console/session: who is signed in to the console server, and how (console-session.ts). */
  | { kind: 'session' }
  | { kind: 'refused'; status: 400 | 404; reason: string };

/** The console server's own JSON endpoint for remote image servers (server/simplestreams.ts). */
export const SIMPLESTREAMS_PATH = '/console/simplestreams';

/** The console server's own JSON endpoint that names the signed-in user (server/console-session.ts). */
export const CONSOLE_SESSION_PATH = '/console/session';

/** The LXD paths the console server forwards; nothing else reaches LXD. */
export const PROXIED_PREFIXES = ['/1.0', '/oidc', '/documentation'] as const;

function isProxied(rawPath: string): boolean {
  return PROXIED_PREFIXES.some((prefix) => rawPath === prefix || rawPath.startsWith(`${prefix}/`));
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
  if (rawPath === SIMPLESTREAMS_PATH) return { kind: 'simplestreams' };
  if (rawPath === CONSOLE_SESSION_PATH) return { kind: 'session' };
  return { kind: 'refused', status: 404, reason: 'not found' };
}
