import { get, request } from '../../lxd/client';
import type { LxdServer } from '../../lxd/types/server';

/** The login pages, where logging out does nothing (spec §7 Logout, §8). */
const LOGIN_PATHS = new Set([
  '/ui/login',
  '/ui/login/',
  '/ui/login/certificate-add',
  '/ui/login/certificate-generate',
]);

export const LOGIN_URL = '/ui/login';
export const CERTIFICATE_ADD_URL = '/ui/login/certificate-add';
export const CERTIFICATE_GENERATE_URL = '/ui/login/certificate-generate';

export function isLoginPath(pathname: string): boolean {
  return LOGIN_PATHS.has(pathname) || LOGIN_PATHS.has(pathname.replace(/\/+$/, ''));
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
  if (server?.auth !== 'untrusted') return LOGIN_URL;
  if (server.client_certificate === true) return CERTIFICATE_ADD_URL;
  const hasOidc = server.auth_methods?.includes('oidc') === true;
  if (server.client_certificate === false && !hasOidc) return CERTIFICATE_GENERATE_URL;
  return LOGIN_URL;
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
