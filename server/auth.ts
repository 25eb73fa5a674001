/**
 * Who is asking: the console server's authentication gate. A request is admitted with a trusted
 * client certificate (signed by --auth-client-ca, or listed in --auth-client-fingerprints) or a
 * session from the login page (--auth-users); the certificate wins. Everything else is answered
 * here and never reaches LXD. Without any --auth-* flag the gate admits everyone (user null).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import {
  loadClientCa,
  loadClientCrl,
  loadFingerprints,
  loadUsers,
  type ScryptHash,
} from './auth-files';
import { createPasswordChecker } from './auth-password';
import { createSessionStore } from './auth-sessions';
import {
  ATTEMPT_WINDOW_MS,
  HASHES_RUNNING,
  HASHES_WAITING,
  MAX_ATTEMPTS,
  addressKey,
  createAttemptLimiter,
  createHashQueue,
} from './auth-throttle';
import type { AuthFiles } from './config';
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
import { sendText } from './static';

export interface AuthSettings {
  /** PEM CA(s) for client certificates. */
  clientCa?: Buffer;
  /** PEM CRL(s) of that CA: OpenSSL refuses the certificates they revoke. */
  clientCrl?: Buffer;
  /** Lower-case hex SHA-256 fingerprint → user name. */
  fingerprints?: ReadonlyMap<string, string>;
  /** User name → scrypt hash. */
  users?: ReadonlyMap<string, ScryptHash>;
}

/** Reads the --auth-* files; undefined when none is given (everyone is admitted). */
export function loadAuthSettings(files: AuthFiles | undefined): AuthSettings | undefined {
  if (!files) return undefined;
  const settings: AuthSettings = {};
  if (files.clientCa !== undefined) settings.clientCa = loadClientCa(files.clientCa);
  if (files.clientCrl !== undefined) settings.clientCrl = loadClientCrl(files.clientCrl);
  if (files.clientFingerprints !== undefined) {
    settings.fingerprints = loadFingerprints(files.clientFingerprints);
  }
  if (files.users !== undefined) settings.users = loadUsers(files.users);
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/**
 * TLS server options: ask for a client certificate but let the handshake finish whatever comes,
 * so an untrusted certificate gets a readable 403 instead of a broken connection.
 */
export function authTlsOptions(settings: AuthSettings | undefined): {
  requestCert?: boolean;
  rejectUnauthorized?: boolean;
  ca?: Buffer;
  crl?: Buffer;
} {
  if (!settings || (settings.clientCa === undefined && settings.fingerprints === undefined)) {
    return {};
  }
  return {
    requestCert: true,
    rejectUnauthorized: false,
    ...(settings.clientCa === undefined ? {} : { ca: settings.clientCa }),
    ...(settings.clientCrl === undefined ? {} : { crl: settings.clientCrl }),
  };
}

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

/** The user each admitted request acts for: a name, or null when authentication is off. */
const admitted = new WeakMap<IncomingMessage, string | null>();

export function requestUser(req: IncomingMessage): string | null {
  return admitted.get(req) ?? null;
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
    admitted.set(req, null);
    return true;
  },
  admitUpgrade: (req) => {
    admitted.set(req, null);
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
}

/** The session cookie's name for this request's connection (see HTTPS_SESSION_COOKIE). */
function cookieName(req: IncomingMessage): string {
  return (req.socket as Partial<TLSSocket>).encrypted === true
    ? HTTPS_SESSION_COOKIE
    : SESSION_COOKIE;
}

/** Set-Cookie for a session id (empty with maxAge 0 to drop it); never a Domain. */
function sessionCookie(req: IncomingMessage, id: string, maxAge: number): string {
  return `${cookieName(req)}=${id}; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=${maxAge}`;
}

type Identified = { kind: 'user'; name: string } | { kind: 'untrusted' } | { kind: 'none' };

/** Whether `time` lies within the certificate's notBefore … notAfter. */
function validAt(cert: { valid_from?: string; valid_to?: string }, time: number): boolean {
  const from = Date.parse(cert.valid_from ?? '');
  const to = Date.parse(cert.valid_to ?? '');
  return Number.isFinite(from) && Number.isFinite(to) && from <= time && time <= to;
}

export function createAuthGate(
  settings: AuthSettings | undefined,
  options: AuthGateOptions,
): AuthGate {
  if (!settings) return OPEN_GATE;
  const now = options.now ?? Date.now;
  const sessions = createSessionStore(SESSION_SECONDS * 1000, now);
  const attempts = createAttemptLimiter(
    options.maxAttempts ?? MAX_ATTEMPTS,
    options.attemptWindowMs ?? ATTEMPT_WINDOW_MS,
    now,
  );
  const hashes = createHashQueue(
    options.hashesRunning ?? HASHES_RUNNING,
    options.hashesWaiting ?? HASHES_WAITING,
  );
  const checkPassword = settings.users ? createPasswordChecker(settings.users) : undefined;
  const byCertificate = settings.clientCa !== undefined || settings.fingerprints !== undefined;
  const sweeper = setInterval(() => {
    sessions.sweep();
    attempts.sweep();
  }, 60_000);
  sweeper.unref();

  function certificateUser(req: IncomingMessage): Identified {
    if (!byCertificate) return { kind: 'none' };
    const socket = req.socket as Partial<TLSSocket>;
    if (typeof socket.getPeerCertificate !== 'function') return { kind: 'none' };
    // Without a client certificate Node answers an empty object.
    const cert = socket.getPeerCertificate() as Partial<
      ReturnType<TLSSocket['getPeerCertificate']>
    >;
    if (!Buffer.isBuffer(cert.raw) || cert.raw.length === 0) return { kind: 'none' };
    if (settings?.clientCa !== undefined && socket.authorized === true) {
      const cn = cert.subject?.CN as unknown;
      const name: unknown = Array.isArray(cn) ? (cn as unknown[])[0] : cn;
      if (typeof name === 'string' && name !== '') return { kind: 'user', name };
    }
    const fingerprint = createHash('sha256').update(cert.raw).digest('hex');
    const listed = settings?.fingerprints?.get(fingerprint);
    // Listed, but only while it is valid (OpenSSL checks the dates of CA-signed ones itself).
    if (listed !== undefined && validAt(cert, now())) return { kind: 'user', name: listed };
    return { kind: 'untrusted' };
  }

  /** The session id the request carries; none when it carries several (a tossed cookie). */
  function sessionId(req: IncomingMessage): string | undefined {
    const ids = cookieValues(req, cookieName(req));
    return ids.length === 1 ? ids[0] : undefined;
  }

  function sessionUser(req: IncomingMessage): string | undefined {
    const id = sessionId(req);
    return id === undefined ? undefined : sessions.user(id);
  }

  function identify(req: IncomingMessage): Identified {
    const byCert = certificateUser(req);
    if (byCert.kind !== 'none') return byCert;
    const name = sessionUser(req);
    return name === undefined ? { kind: 'none' } : { kind: 'user', name };
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
    // A client that left while waiting for its turn costs no scrypt.
    const check = hashes.run(async () =>
      req.socket.destroyed ? undefined : (checkPassword?.(user, password) ?? false),
    );
    if (!check) {
      slot.release();
      sendHtml(res, 503, loginPage({ next, user, error: SIGN_IN_BUSY }), { 'Retry-After': 1 });
      return;
    }
    const ok = await check;
    if (ok === undefined) {
      slot.release();
      return;
    }
    if (!ok) {
      sendHtml(res, 401, loginPage({ next, user, error: WRONG_PASSWORD }));
      return;
    }
    // A right password does not count against the limits.
    slot.release();
    redirect(res, next, sessionCookie(req, sessions.create(user), SESSION_SECONDS));
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
      const id = sessionId(req);
      if (id !== undefined) sessions.end(id);
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
        admitted.set(req, who.name);
        return true;
      }
      // JSON answers (LXD-shaped errors) for what the console's code asks for itself.
      const kind = classify(target).kind;
      const isApi = kind === 'proxy' || kind === 'simplestreams';
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
        admitted.set(req, byCert.name);
        return true;
      }
      const id = byCert.kind === 'none' ? sessionId(req) : undefined;
      const name = id === undefined ? undefined : sessions.user(id);
      if (id !== undefined && name !== undefined) {
        admitted.set(req, name);
        // Signing out, or the session running out, closes this websocket too.
        sessions.attach(id, socket);
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
      sessions.clear();
      attempts.clear();
    },
  };
}
