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
import { createOidcSignIn, OIDC_CALLBACK_PATH, OIDC_START_PATH } from './auth-oidc';
import { createSessions } from './auth-sessions';
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
import {
  cookieValues,
  formPostCrossSiteReason,
  readForm,
  redirect,
  rejectUpgradeWith,
  safeNext,
  sendHtml,
} from './auth-http';
import {
  LOGIN_CSS,
  LOGIN_CSS_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  continuePage,
  loginPage,
} from './login-page';
import { sendLxdError } from './proxy';
import { classify } from './routes';
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
export type AuthMethod = 'password' | 'certificate' | 'oidc';

interface Admitted {
  user: string | null;
  method?: AuthMethod;
  /** The identity provider's groups of a single sign-on user (those the identities file maps). */
  groups?: readonly string[];
}

/** Each admitted request's user (null when authentication is off) and how they signed in. */
const admitted = new WeakMap<IncomingMessage, Admitted>();

export function requestUser(req: IncomingMessage): string | null {
  return admitted.get(req)?.user ?? null;
}

/** How the request's user signed in; undefined when authentication is off. */
export function requestAuthMethod(req: IncomingMessage): AuthMethod | undefined {
  return admitted.get(req)?.method;
}

/** The provider groups of a single sign-on request's user; none otherwise. */
export function requestGroups(req: IncomingMessage): readonly string[] {
  return admitted.get(req)?.groups ?? [];
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
  /** Provider groups the identities file maps (single sign-on sessions keep only these). */
  mappedGroups?: ReadonlySet<string>;
}

/** A cookie's name for this request's connection: __Host- over HTTPS (see HTTPS_SESSION_COOKIE). */
function cookieName(req: IncomingMessage, base = SESSION_COOKIE): string {
  return (req.socket as Partial<TLSSocket>).encrypted === true ? `__Host-${base}` : base;
}

/** Set-Cookie for a session (empty with maxAge 0 to drop it); never a Domain. */
function sessionCookie(req: IncomingMessage, value: string, maxAge: number): string {
  return `${cookieName(req)}=${value}; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=${maxAge}`;
}

export function createAuthGate(
  settings: AuthSettings | undefined,
  options: AuthGateOptions,
): AuthGate {
  if (!settings) return OPEN_GATE;
  const now = options.now ?? Date.now;
  const sessions = createSessions(settings, options.usersCheckMs, now, SESSION_SECONDS * 1000);
  const passwords = sessions?.users;
  const oidc =
    settings.oidc && sessions
      ? createOidcSignIn(settings.oidc, {
          key: sessions.key,
          now,
          cookieName,
          page: (next, error) => pageFor(next, { error }),
          keepGroup: (group) => options.mappedGroups?.has(group) ?? false,
          signedIn(req, res, { user, groups }, next, clearCookies) {
            const value = sessions.store.create({ user, hash: '', method: 'oidc', groups });
            // A page, not a redirect: a SameSite=Strict cookie set at the end of a cross-site
            // chain of redirects is not sent with its last step; this page's own step is same-site.
            sendHtml(res, 200, continuePage(next), {
              'Set-Cookie': [...clearCookies, sessionCookie(req, value, SESSION_SECONDS)],
            });
          },
        })
      : undefined;
  const signInPaths = new Set([
    ...(sessions ? [LOGIN_PATH, LOGOUT_PATH, LOGIN_CSS_PATH] : []),
    ...(oidc ? [OIDC_START_PATH, OIDC_CALLBACK_PATH] : []),
  ]);

  function pageFor(next: string, extra: { user?: string; error?: string } = {}): string {
    return loginPage({
      next,
      ...extra,
      password: passwords !== undefined,
      sso: oidc !== undefined,
    });
  }
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
    sessions?.store.sweep();
    attempts.sweep();
  }, 60_000);
  sweeper.unref();

  /** The session cookie the request carries; none when it carries several (a tossed cookie). */
  function sessionValue(req: IncomingMessage): string | undefined {
    const values = cookieValues(req, cookieName(req));
    return values.length === 1 ? values[0] : undefined;
  }

  /** Who the request's session is for: the users file is looked at first if it is time. */
  function sessionAdmitted(value: string | undefined): Admitted | undefined {
    if (!sessions || value === undefined) return undefined;
    passwords?.poll();
    const claims = sessions.store.claims(value);
    if (!claims) return undefined;
    return claims.method === 'oidc'
      ? { user: claims.user, method: 'oidc', groups: claims.groups ?? [] }
      : { user: claims.user, method: 'password' };
  }

  /** The request's user, or why there is none. */
  function identify(
    req: IncomingMessage,
  ): { kind: 'user'; who: Admitted } | Exclude<Identified, { kind: 'user' }> {
    const byCert = certificateUser(req);
    if (byCert.kind === 'user')
      return { kind: 'user', who: { user: byCert.name, method: 'certificate' } };
    if (byCert.kind !== 'none') return byCert;
    const who = sessionAdmitted(sessionValue(req));
    return who === undefined ? { kind: 'none' } : { kind: 'user', who };
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
    if (!passwords) {
      sendText(res, 404, 'this console server has no password sign-in\n');
      return;
    }
    if (user === '' || password === '') {
      sendHtml(res, 400, pageFor(next, { user, error: 'Enter your user name and password.' }));
      return;
    }
    // The slot is taken before the check (synchronously), so concurrent guesses count too.
    const slot = attempts.reserve(user, addressKey(req.socket.remoteAddress));
    if ('retryAfterSeconds' in slot) {
      sendHtml(res, 429, pageFor(next, { user, error: TOO_MANY_FAILURES }), {
        'Retry-After': slot.retryAfterSeconds,
      });
      return;
    }
    // A client that left while waiting for its turn costs no scrypt. The users file as it is now.
    passwords.poll();
    const check = hashes.run(async () =>
      req.socket.destroyed ? 'gone' : ((await passwords.check(user, password)) ?? false),
    );
    if (!check) {
      slot.release();
      sendHtml(res, 503, pageFor(next, { user, error: SIGN_IN_BUSY }), { 'Retry-After': 1 });
      return;
    }
    const stamp = await check;
    if (stamp === 'gone') {
      slot.release();
      return;
    }
    if (stamp === false) {
      sendHtml(res, 401, pageFor(next, { user, error: WRONG_PASSWORD }));
      return;
    }
    // A right password does not count against the limits.
    slot.release();
    const value = sessions.store.create({ user, hash: stamp });
    redirect(res, next, sessionCookie(req, value, SESSION_SECONDS));
  }

  /** /console/login, /console/logout and /console/oidc/* (with --auth-users or --oidc-issuer). */
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
      sendHtml(res, 200, pageFor(safeNext(query.get('next'))));
      return;
    }
    if (oidc && (path === OIDC_START_PATH || path === OIDC_CALLBACK_PATH)) {
      if (method !== 'GET') {
        sendText(res, 405, 'method not allowed\n', { Allow: 'GET' });
        return;
      }
      (path === OIDC_START_PATH ? oidc.start(req, res) : oidc.callback(req, res)).catch(
        (error: unknown) => {
          process.stderr.write(`console server: single sign-on failed: ${String(error)}\n`);
          if (res.headersSent) res.destroy();
          else sendText(res, 500, 'internal error\n');
        },
      );
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
      if (value !== undefined) sessions?.store.end(value);
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
      if (who.kind !== 'untrusted' && signInPaths.has(path)) {
        ownRoutes(req, res, path);
        return false;
      }
      if (who.kind === 'user') {
        admitted.set(req, who.who);
        return true;
      }
      // JSON answers (LXD-shaped errors) for what the console's code asks for itself.
      const kind = classify(target).kind;
      const isApi =
        kind === 'proxy' ||
        kind === 'simplestreams' ||
        kind === 'session' ||
        kind === 'remotes' ||
        kind === 'activity' ||
        kind === 'usage';
      if (who.kind === 'untrusted') {
        if (isApi) sendLxdError(res, 403, `console server: ${UNTRUSTED_CERTIFICATE}`);
        else sendText(res, 403, `Forbidden: ${UNTRUSTED_CERTIFICATE}.\n`);
      } else if (isApi) {
        sendLxdError(res, 401, NOT_AUTHENTICATED);
      } else if (sessions && (req.method === 'GET' || req.method === 'HEAD')) {
        redirect(res, `${LOGIN_PATH}?next=${encodeURIComponent(safeNext(target))}`);
      } else {
        const how = sessions
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
      const who = sessionAdmitted(value);
      if (sessions && value !== undefined && who !== undefined) {
        admitted.set(req, who);
        // Signing out, the session running out, or its user's removal closes this websocket too.
        sessions.store.attach(value, socket);
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
      sessions?.close();
      attempts.clear();
    },
  };
}
