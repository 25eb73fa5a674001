import { request } from '../../lxd/client';

/** The login pages, where logging out does nothing (spec §7 Logout, §8). */
const LOGIN_PATHS = new Set([
  '/ui/login',
  '/ui/login/',
  '/ui/login/certificate-add',
  '/ui/login/certificate-generate',
]);

export const LOGIN_URL = '/ui/login';

export function isLoginPath(pathname: string): boolean {
  return LOGIN_PATHS.has(pathname) || LOGIN_PATHS.has(pathname.replace(/\/+$/, ''));
}

type LocationLike = Pick<Location, 'pathname' | 'assign'>;

/** `logout` against a given location (tests pass their own). */
export async function logoutFrom(location: LocationLike): Promise<void> {
  if (isLoginPath(location.pathname)) return;
  try {
    await request('/oidc/logout');
  } catch {
    // Servers without OIDC answer 404; the login page is the destination either way.
  }
  location.assign(LOGIN_URL);
}

/**
 * Ends an OIDC session (GET /oidc/logout; a failure is ignored) and goes to the login page.
 * On a login page it does nothing (spec §8).
 */
export function logout(): Promise<void> {
  return logoutFrom(window.location);
}
