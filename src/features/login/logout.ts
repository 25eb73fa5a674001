import { get, request } from '../../lxd/client';
import type { LxdServer } from '../../lxd/types/server';
import { pathInPage } from '../../shared/routing/base';
import { uiUrl } from '../../shared/routing/paths';
import { loginPaths } from './paths';

/** The login pages, where logging out does nothing (spec §7 Logout, §8). */
const LOGIN_PATHS = new Set([loginPaths.login(), loginPaths.add(), loginPaths.generate()]);

/** Whether a page address (`/ui/login`, `/ui/remote/{name}/login/…`) is a login page. */
export function isLoginPath(pathname: string): boolean {
  const inside = pathInPage(pathname);
  return inside !== null && LOGIN_PATHS.has(inside.replace(/\/+$/, ''));
}

type LogoutServer = Pick<LxdServer, 'auth' | 'auth_methods' | 'client_certificate'>;

/**
 * Where a logged-out browser goes, from the server's answer to GET /1.0 after the logout
 * (undefined when it did not answer):
 * - the browser presents a client certificate the server does not trust: add it with a trust
 *   token (`client_certificate` is true: LXD's client_cert_presence extension, "whether the
 *   requester sent a client certificate with the request");
 * - the server offers no single sign-on and the browser has no certificate: generate one;
 * - anything else (still trusted, an older server that does not say, no answer): the login page.
 */
export function logoutDestination(server: LogoutServer | undefined): string {
  return uiUrl(logoutPath(server));
}

function logoutPath(server: LogoutServer | undefined): string {
  if (server?.auth !== 'untrusted') return loginPaths.login();
  if (server.client_certificate === true) return loginPaths.add();
  const hasOidc = server.auth_methods?.includes('oidc') === true;
  if (server.client_certificate === false && !hasOidc) return loginPaths.generate();
  return loginPaths.login();
}

/** GET /1.0 as the server sees the browser now; undefined when it does not answer. */
async function serverAfterLogout(): Promise<LogoutServer | undefined> {
  try {
    // A header of its own: never the answer index.html asked for before the logout.
    return await get<LogoutServer>('/1.0', { headers: { Accept: 'application/json' } });
  } catch {
    return undefined;
  }
}

type LocationLike = Pick<Location, 'pathname' | 'assign'>;

/** `logout` against a given location (tests pass their own). */
export async function logoutFrom(location: LocationLike): Promise<void> {
  if (isLoginPath(location.pathname)) return;
  try {
    await request('/oidc/logout');
  } catch {
    // Servers without OIDC answer 404; the browser goes to a login page either way.
  }
  location.assign(logoutDestination(await serverAfterLogout()));
}

/**
 * Ends an OIDC session (GET /oidc/logout; a failure is ignored), asks GET /1.0 how the server
 * now sees the browser, and goes to the login page that fits (spec §7 Logout). On a login page
 * it does nothing (spec §8).
 */
export function logout(): Promise<void> {
  return logoutFrom(window.location);
}
