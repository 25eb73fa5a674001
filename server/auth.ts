/**
 * Who is asking: the console server's authentication gate. A request is admitted with a trusted
 * client certificate (signed by --auth-client-ca, or listed in --auth-client-fingerprints) or a
 * session from the login page (--auth-users); the certificate wins. Everything else is answered
 * here and never reaches LXD. Without any --auth-* flag the gate admits everyone (user null).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { createCertificateCheck, type Identified } from './auth-certificates';
import { createSessionStore, type SessionStore } from './auth-sessions';
import type { AuthSettings } from './auth-settings';
import {
  ATTEMPT_WINDOW_MS,
  HASHES_RUNNING,
  HASHES_WAITING,
  MAX_ATTEMPTS,
  addressKey,
  createAttemptLimiter,
  createHashQueue,
} from './auth-throttle';
import { USERS_CHECK_MS, createUsersSource, type UsersSource } from './auth-users';
import {
  cookieValues,
  formPostCrossSiteReason,
  readForm,
  redirect,
  rejectUpgradeWith,
  safeNext,
  sendHtml,
} from './auth-http';
import { LOGIN_CSS, LOGIN_CSS_PATH, LOGIN_PATH, LOGOUT_PATH, loginPage } from './login-page';
import { sendLxdError } from './proxy';
import { classify } from './routes';
import { processSessionKey } from './session-secret';
import { sendText } from './static';

export { authTlsOptions, loadAuthSettings, type AuthSettings } from './auth-settings';

/**
 * The session cookie over HTTPS: the __Host- prefix makes browsers take it only with Secure,
 * Path=/ and no Domain, so a sibling (sub)domain cannot set one. Browsers refuse that prefix on
 * plain http (the local `npm start`), where the cookie keeps its plain name.
 */
export const SESSION_COOKIE = 'console_session';
export const HTTPS_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SESSION_SECONDS = 8 * 60 * 60;
export const NOT_AUTHENTICATED = 'not authenticated to the console server';
export const UNTRUSTED_CERTIFICATE =
  'the client certificate you presented is not trusted by this console server';
export const WRONG_PASSWORD = 'Wrong user name or password.';
export const TOO_MANY_FAILURES =
  'Too many sign-in attempts for this user name or from your address. Wait a minute, then try again.';
export const SIGN_IN_BUSY = 'The server is busy checking other sign-ins. Try again in a moment.';

/** How an admitted user proved who they are. */
export type AuthMethod = 'password' | 'certificate';

/** Each admitted request's user (null when authentication is off) and how they signed in. */
const admitted = new WeakMap<IncomingMessage, { user: string | null; method?: AuthMethod }>();

export function requestUser(req: IncomingMessage): string | null {
  return admitted.get(req)?.user ?? null;
}

/** How the request's user signed in; undefined when authentication is off. */
export function requestAuthMethod(req: IncomingMessage): AuthMethod | undefined {
  return admitted.get(req)?.method;
}

export interface AuthGate {
  /** True: go on (the user is in requestUser). False: the gate has answered the request. */
  admitRequest: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** True: go on with the upgrade. False: the gate has answered and closed the socket. */
  admitUpgrade: (req: IncomingMessage, socket: Duplex) => boolean;
  close: () => void;
}

/** No authentication: the behaviour of a loopback console server for one person. */
export const OPEN_GATE: AuthGate = {
  admitRequest: (req) => {
    admitted.set(req, { user: null });
    return true;
  },
  admitUpgrade: (req) => {
    admitted.set(req, { user: null });
    return true;
  },
  close: () => undefined,
};

export interface AuthGateOptions {
  /** As for the proxy's guard: the server listens on loopback only. */
  loopbackOnly: boolean;
  now?: () => number;
  /** Password checks allowed per user name, and per client address, within attemptWindowMs. */
  maxAttempts?: number;
  attemptWindowMs?: number;
  /** Password checks running at once, and waiting; beyond them a sign-in gets 503 at once. */
  hashesRunning?: number;
  hashesWaiting?: number;
  /** How often the users file is looked at for changes (default 1 s). */
  usersCheckMs?: number;
}

/** The session cookie's name for this request's connection (see HTTPS_SESSION_COOKIE). */
function cookieName(req: IncomingMessage): string {
  return (req.socket as Partial<TLSSocket>).encrypted === true
    ? HTTPS_SESSION_COOKIE
    : SESSION_COOKIE;
}

/** Set-Cookie for a session (empty with maxAge 0 to drop it); never a Domain. */
function sessionCookie(req: IncomingMessage, value: string, maxAge: number): string {
  return `${cookieName(req)}=${value}; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=${maxAge}`;
}

/** The password users and their sessions, with what keeps them current. */
function createPasswordSessions(
  settings: AuthSettings,
  options: AuthGateOptions,
  now: () => number,
): { users: UsersSource; sessions: SessionStore; close: () => void } | undefined {
  if (!settings.users) return undefined;
  const checkMs = options.usersCheckMs ?? USERS_CHECK_MS;
  const users = createUsersSource(settings.users, {
    file: settings.usersFile,
    checkMs,
    // A user removed or given another password: their websockets close now.
    onChange: () => sessions.sweep(),
  });
  const sessions = createSessionStore({
    key: settings.sessionKey ?? processSessionKey(),
    lifetimeMs: SESSION_SECONDS * 1000,
    now,
    stampOf: (user) => users.stamp(user),
  });
  // Edits of the users file reach open websockets even when no request comes.
  const watcher =
    settings.usersFile === undefined ? undefined : setInterval(users.refresh, checkMs);
  watcher?.unref();
  return {
    users,
    sessions,
    close: () => {
      clearInterval(watcher);
      sessions.clear();
    },
  };
}

export function createAuthGate(
  settings: AuthSettings | undefined,
  options: AuthGateOptions,
): AuthGate {
  if (!settings) return OPEN_GATE;
  const now = options.now ?? Date.now;
  const passwords = createPasswordSessions(settings, options, now);
  const attempts = createAttemptLimiter(
    options.maxAttempts ?? MAX_ATTEMPTS,
    options.attemptWindowMs ?? ATTEMPT_WINDOW_MS,
    now,
  );
  const hashes = createHashQueue(
    options.hashesRunning ?? HASHES_RUNNING,
    options.hashesWaiting ?? HASHES_WAITING,
  );
  const certificateUser = createCertificateCheck(settings, now);
  const sweeper = setInterval(() => {
    passwords?.sessions.sweep();
    attempts.sweep();
  }, 60_000);
  sweeper.unref();

  /** The session cookie the request carries; none when it carries several (a tossed cookie). */
  function sessionValue(req: IncomingMessage): string | undefined {
    const values = cookieValues(req, cookieName(req));
    return values.length === 1 ? values[0] : undefined;
  }

  /** The user of the request's session: the users file is looked at first if it is time. */
  function sessionUser(value: string | undefined): string | undefined {
    if (!passwords || value === undefined) return undefined;
    passwords.users.poll();
    return passwords.sessions.user(value);
  }

  function identify(req: IncomingMessage): Identified & { method?: AuthMethod } {
    const byCert = certificateUser(req);
    if (byCert.kind === 'user') return { ...byCert, method: 'certificate' };
    if (byCert.kind !== 'none') return byCert;
    const name = sessionUser(sessionValue(req));
    return name === undefined ? { kind: 'none' } : { kind: 'user', name, method: 'password' };
  }

  async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      sendText(res, 415, 'send the sign-in form as application/x-www-form-urlencoded\n');
      return;
    }
    const form = await readForm(req);
    // A client that went away (or ran out of time) gets no answer, and no log line either.
    if (form === 'aborted') return;
    if (form === 'too-large') {
      sendText(res, 413, 'the sign-in form is too large\n', { Connection: 'close' });
      return;
    }
    const user = form.get('user') ?? '';
    const password = form.get('password') ?? '';
    const next = safeNext(form.get('next'));
    if (user === '' || password === '') {
      sendHtml(res, 400, loginPage({ next, user, error: 'Enter your user name and password.' }));
      return;
    }
    // The slot is taken before the check (synchronously), so concurrent guesses count too.
    const slot = attempts.reserve(user, addressKey(req.socket.remoteAddress));
    if ('retryAfterSeconds' in slot) {
      sendHtml(res, 429, loginPage({ next, user, error: TOO_MANY_FAILURES }), {
        'Retry-After': slot.retryAfterSeconds,
      });
      return;
    }
    // A client that left while waiting for its turn costs no scrypt. The users file as it is now.
    passwords?.users.poll();
    const check = hashes.run(async () =>
      req.socket.destroyed ? 'gone' : ((await passwords?.users.check(user, password)) ?? false),
    );
    if (!check) {
      slot.release();
      sendHtml(res, 503, loginPage({ next, user, error: SIGN_IN_BUSY }), { 'Retry-After': 1 });
      return;
    }
    const stamp = await check;
    if (stamp === 'gone') {
      slot.release();
      return;
    }
    if (stamp === false || !passwords) {
      sendHtml(res, 401, loginPage({ next, user, error: WRONG_PASSWORD }));
      return;
    }
    // A right password does not count against the limits.
    slot.release();
    const value = passwords.sessions.create(user, stamp);
    redirect(res, next, sessionCookie(req, value, SESSION_SECONDS));
  }

  /** /console/login and /console/logout (only with --auth-users). */
  function ownRoutes(req: IncomingMessage, res: ServerResponse, path: string): void {
    const method = req.method ?? 'GET';
    if (path === LOGIN_CSS_PATH) {
      sendText(res, 200, LOGIN_CSS, {
        'Content-Type': 'text/css; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
      return;
    }
    if (path === LOGIN_PATH && (method === 'GET' || method === 'HEAD')) {
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      sendHtml(res, 200, loginPage({ next: safeNext(query.get('next')) }));
      return;
    }
    if (method !== 'POST') {
      sendText(res, 405, 'method not allowed\n', {
        Allow: path === LOGIN_PATH ? 'GET, HEAD, POST' : 'POST',
      });
      return;
    }
    const refused = formPostCrossSiteReason(req, options.loopbackOnly);
    if (refused !== undefined) {
      sendText(res, 403, `console server: ${refused}\n`);
      return;
    }
    if (path === LOGOUT_PATH) {
      const value = sessionValue(req);
      if (value !== undefined) passwords?.sessions.end(value);
      redirect(res, LOGIN_PATH, sessionCookie(req, '', 0));
      return;
    }
    login(req, res).catch((error: unknown) => {
      process.stderr.write(`console server: sign-in failed: ${String(error)}\n`);
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'internal error\n');
    });
  }

  return {
    admitRequest(req, res) {
      const target = req.url ?? '';
      const path = target.split('?')[0] ?? '';
      const who = identify(req);
      if (
        who.kind !== 'untrusted' &&
        settings.users &&
        (path === LOGIN_PATH || path === LOGOUT_PATH || path === LOGIN_CSS_PATH)
      ) {
        ownRoutes(req, res, path);
        return false;
      }
      if (who.kind === 'user') {
        admitted.set(req, { user: who.name, ...(who.method ? { method: who.method } : {}) });
        return true;
      }
      // JSON answers (LXD-shaped errors) for what the console's code asks for itself.
      const kind = classify(target).kind;
      const isApi = kind === 'proxy' || kind === 'simplestreams' || kind === 'session';
      if (who.kind === 'untrusted') {
        if (isApi) sendLxdError(res, 403, `console server: ${UNTRUSTED_CERTIFICATE}`);
        else sendText(res, 403, `Forbidden: ${UNTRUSTED_CERTIFICATE}.\n`);
      } else if (isApi) {
        sendLxdError(res, 401, NOT_AUTHENTICATED);
      } else if (settings.users && (req.method === 'GET' || req.method === 'HEAD')) {
        redirect(res, `${LOGIN_PATH}?next=${encodeURIComponent(safeNext(target))}`);
      } else {
        const how = settings.users
          ? `sign in at ${LOGIN_PATH}`
          : 'choose a trusted client certificate in your browser';
        sendText(res, 401, `Unauthorized: ${NOT_AUTHENTICATED}; ${how}.\n`);
      }
      return false;
    },

    admitUpgrade(req, socket) {
      const byCert = certificateUser(req);
      if (byCert.kind === 'user') {
        admitted.set(req, { user: byCert.name, method: 'certificate' });
        return true;
      }
      const value = byCert.kind === 'none' ? sessionValue(req) : undefined;
      const name = sessionUser(value);
      if (passwords && value !== undefined && name !== undefined) {
        admitted.set(req, { user: name, method: 'password' });
        // Signing out, the session running out, or its user's removal closes this websocket too.
        passwords.sessions.attach(value, socket);
        return true;
      }
      if (byCert.kind === 'untrusted') {
        rejectUpgradeWith(socket, 403, `console server: ${UNTRUSTED_CERTIFICATE}`);
      } else {
        rejectUpgradeWith(socket, 401, NOT_AUTHENTICATED);
      }
      return false;
    },

    close() {
      clearInterval(sweeper);
      passwords?.close();
      attempts.clear();
    },
  };
}
