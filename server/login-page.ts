/**
 * The console server's own sign-in page for --auth-users (/console/login): a plain HTML form,
 * no script and no inline style, so it works under the strictest Content-Security-Policy.
 */

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export const LOGIN_PATH = '/console/login';
export const LOGOUT_PATH = '/console/logout';
export const LOGIN_CSS_PATH = '/console/login.css';
/** Where single sign-on starts, and where the provider sends the browser back (auth-oidc.ts). */
export const OIDC_START_PATH = '/console/oidc/start';
export const OIDC_CALLBACK_PATH = '/console/oidc/callback';

/** A small external stylesheet (the page policy allows styles from 'self' only as files). */
export const LOGIN_CSS = `body {
  margin: 0;
  font-family: Ubuntu, -apple-system, 'Segoe UI', Roboto, Oxygen, Cantarell, sans-serif;
  background: #f7f7f7;
  color: #111;
}
main {
  max-width: 24rem;
  margin: 10vh auto;
  padding: 1.5rem 2rem 2rem;
  background: #fff;
  border: 1px solid #d9d9d9;
}
h1 {
  font-size: 1.5rem;
  font-weight: 400;
  margin: 0 0 1.5rem;
}
label {
  display: block;
  margin-bottom: 0.25rem;
}
input[type='text'],
input[type='password'] {
  box-sizing: border-box;
  width: 100%;
  padding: 0.4rem 0.5rem;
  font: inherit;
  border: 0;
  border-bottom: 1px solid #666;
  background: #f5f5f5;
}
input:focus,
button:focus,
a.button:focus {
  outline: 3px solid #2e96ff;
  outline-offset: 0;
}
button,
a.button {
  display: inline-block;
  text-decoration: none;
  padding: 0.5rem 1.25rem;
  font: inherit;
  color: #fff;
  background: #0e8420;
  border: 0;
  cursor: pointer;
}
.or {
  color: #666;
  margin-top: 1.5rem;
}
[role='alert'] {
  padding: 0.75rem 1rem;
  border-left: 4px solid #c7162b;
  background: #fdf3f4;
}
`;

export interface LoginPageOptions {
  /** Where to go after signing in (a path on this server). */
  next: string;
  /** User name to fill in again after a failure. */
  user?: string;
  /** Shown in an alert above the form. */
  error?: string;
  /** Password sign-in (--auth-users): the form. Default true. */
  password?: boolean;
  /** Single sign-on (--oidc-issuer): a link to the identity provider. */
  sso?: boolean;
}

export function loginPage({
  next,
  user = '',
  error,
  password = true,
  sso = false,
}: LoginPageOptions): string {
  const alert =
    error === undefined ? '' : `\n    <p role="alert" id="login-error">${escapeHtml(error)}</p>`;
  const described = error === undefined ? '' : ' aria-describedby="login-error"';
  const ssoLink = sso
    ? `\n    <p><a class="button" href="${OIDC_START_PATH}?next=${escapeHtml(encodeURIComponent(next))}">Sign in with single sign-on</a></p>`
    : '';
  const separator =
    sso && password ? '\n    <p class="or">or with a user name and password</p>' : '';
  const form = password ? passwordForm(next, user, described) : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in · LXD console</title>
  <link rel="stylesheet" href="${LOGIN_CSS_PATH}">
</head>
<body>
  <main>
    <h1>Sign in to the LXD console</h1>${alert}${ssoLink}${separator}${form}
  </main>
</body>
</html>
`;
}

function passwordForm(next: string, user: string, described: string): string {
  return `
    <form method="post" action="${LOGIN_PATH}"${described}>
      <input type="hidden" name="next" value="${escapeHtml(next)}">
      <p>
        <label for="login-user">User name</label>
        <input id="login-user" name="user" type="text" autocomplete="username" required autofocus value="${escapeHtml(user)}">
      </p>
      <p>
        <label for="login-password">Password</label>
        <input id="login-password" name="password" type="password" autocomplete="current-password" required>
      </p>
      <p><button type="submit">Sign in</button></p>
    </form>`;
}

/**
 * After single sign-on: the session cookie is set with this page, whose own step to `next` is a
 * same-site navigation (a redirect would still be part of the provider's cross-site chain).
 */
export function continuePage(next: string): string {
  const target = escapeHtml(next);
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="refresh" content="0;url=${target}">
  <title>Signed in · LXD console</title>
  <link rel="stylesheet" href="${LOGIN_CSS_PATH}">
</head>
<body>
  <main>
    <h1>Signed in</h1>
    <p><a class="button" href="${target}">Continue to the console</a></p>
  </main>
</body>
</html>
`;
}
