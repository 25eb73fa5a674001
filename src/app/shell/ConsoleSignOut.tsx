import { useQuery } from '@tanstack/react-query';
import { CONSOLE_LOGOUT_PATH, consoleSessionQuery } from './consoleSession';

/**
 * "Sign out" of a console server session (a password, or the console server's single sign-on),
 * as an entry of the side navigation's footer list. A plain form POST, so the browser sends the
 * console server's cross-site headers and follows its redirect to the login page. Nothing
 * without such a session (a client certificate, or LXD serving the console itself, whose own
 * OIDC has the footer's "Log out").
 */
export function ConsoleSignOut() {
  const { data } = useQuery(consoleSessionQuery);
  if (data?.method !== 'password' && data?.method !== 'oidc') return null;
  return (
    <li>
      <form className="side-nav__form" method="post" action={CONSOLE_LOGOUT_PATH}>
        <button type="submit" className="side-nav__link side-nav__button">
          Sign out
        </button>
      </form>
    </li>
  );
}
