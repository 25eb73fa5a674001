/**
 * GET /console/session: who the console server has signed in, and how, for the console's own
 * menu (its "Sign out" is for password and single sign-on sessions). `{"user": "alice",
 * "method": "password"}`, `{"user": "dana@example.com", "method": "oidc"}` or
 * `{"user": "carol", "method": "certificate"}`. Without authentication on the console server there
 * is nobody to name: 404, as LXD answers when it serves the console itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestAuthMethod, requestUser } from './auth';
import { sendLxdError } from './proxy';

export const NO_CONSOLE_SIGN_IN = 'console server: no sign-in on this server';

/** Answers an admitted request for /console/session. */
export function sendConsoleSession(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendLxdError(res, 405, 'method not allowed');
    return;
  }
  const user = requestUser(req);
  const method = requestAuthMethod(req);
  if (user === null || method === undefined) {
    sendLxdError(res, 404, NO_CONSOLE_SIGN_IN);
    return;
  }
  const body = JSON.stringify({ user, method });
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
