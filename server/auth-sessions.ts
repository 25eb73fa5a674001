/**
 * Sessions of the console server, by password or single sign-on. The session lives in its cookie
 * (session-cookie.ts: user, times, and a stamp of the user's password hash or the OIDC groups,
 * sealed with the session key), so it survives a restart and every console server with the same
 * --session-secret accepts it. Each use checks that the session has not run out, that it was not
 * signed out here, and what the gate says of its claims (a password user still in the users file
 * with the same hash; single sign-on still configured).
 *
 * What this server keeps: the digests of the cookies signed out on it (until they would have run
 * out: replaying one here fails; another server does not know of it), and the websockets
 * (terminal, console, events) opened with each cookie, which close when the session ends on this
 * server: signed out, run out, or its user removed or given another password.
 */
import type { Duplex } from 'node:stream';
import type { AuthSettings } from './auth-settings';
import { USERS_CHECK_MS, createUsersSource, type UsersSource } from './auth-users';
import { cookieDigest, openSession, sealSession, type SessionClaims } from './session-cookie';
import { processSessionKey } from './session-secret';

export interface SessionStore {
  /** A new session (its times are set here); the cookie's value. */
  create: (claims: Omit<SessionClaims, 'issued' | 'expires'>) => string;
  /** The claims of a cookie whose session holds, or undefined. */
  claims: (value: string) => SessionClaims | undefined;
  /** Signs a cookie out (here) and closes its websockets. */
  end: (value: string) => void;
  /** Ties an upgraded socket to a session: closed when the session ends here. */
  attach: (value: string, socket: Duplex) => void;
  /** Closes the websockets of sessions that no longer hold; forgets signed-out cookies that ran out. */
  sweep: () => void;
  clear: () => void;
}

export interface SessionStoreOptions {
  /** The AES-256-GCM key (session-secret.ts). */
  key: Buffer;
  lifetimeMs: number;
  now: () => number;
  /** Whether a session's claims still hold (its user is still let in, in the same way). */
  valid: (claims: SessionClaims) => boolean;
}

interface Attached {
  claims: SessionClaims;
  sockets: Set<Duplex>;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { key, lifetimeMs, now, valid } = options;
  /** Cookie digest → when it would have run out. */
  const signedOut = new Map<string, number>();
  /** Cookie digest → its session and open websockets. */
  const attached = new Map<string, Attached>();

  function holds(digest: string, claims: SessionClaims): boolean {
    return claims.expires > now() && !signedOut.has(digest) && valid(claims);
  }

  /** Ends a session on this server: signed out, or run out by the socket timer's clock. */
  function endHere(digest: string, expires: number): void {
    if (expires > now()) signedOut.set(digest, expires);
    closeSockets(digest);
  }

  function closeSockets(digest: string): void {
    const entry = attached.get(digest);
    if (!entry) return;
    attached.delete(digest);
    for (const socket of entry.sockets) socket.destroy();
    entry.sockets.clear();
  }

  return {
    create(claims) {
      const issued = now();
      return sealSession(key, { ...claims, issued, expires: issued + lifetimeMs });
    },
    claims(value) {
      const claims = openSession(key, value);
      return claims && holds(cookieDigest(value), claims) ? claims : undefined;
    },
    end(value) {
      const claims = openSession(key, value);
      // Only cookies this key made are remembered, so made-up ones cannot fill the memory.
      if (!claims) return;
      endHere(cookieDigest(value), claims.expires);
    },
    attach(value, socket) {
      const claims = openSession(key, value);
      const digest = cookieDigest(value);
      if (!claims || !holds(digest, claims)) {
        socket.destroy();
        return;
      }
      let entry = attached.get(digest);
      if (!entry) {
        entry = { claims, sockets: new Set() };
        attached.set(digest, entry);
      }
      const { sockets } = entry;
      sockets.add(socket);
      // The session's clock, not the sweep's: a socket goes the moment its session runs out, and
      // the session is over here from then on.
      const timer = setTimeout(
        () => endHere(digest, claims.expires),
        Math.max(0, claims.expires - now()),
      );
      timer.unref();
      socket.once('close', () => {
        clearTimeout(timer);
        sockets.delete(socket);
        if (sockets.size === 0 && attached.get(digest)?.sockets === sockets) {
          attached.delete(digest);
        }
      });
    },
    sweep() {
      const t = now();
      for (const [digest, expires] of signedOut) if (expires <= t) signedOut.delete(digest);
      for (const [digest, entry] of [...attached]) {
        if (!holds(digest, entry.claims)) closeSockets(digest);
      }
    },
    clear() {
      for (const digest of [...attached.keys()]) closeSockets(digest);
      signedOut.clear();
    },
  };
}

export interface Sessions {
  store: SessionStore;
  /** The session key (also seals a single sign-on in progress). */
  key: Buffer;
  /** The password users (--auth-users), when there are any. */
  users?: UsersSource;
  close: () => void;
}

/**
 * The sessions of a gate with password users or single sign-on (none without either), with what
 * keeps them current: a user removed from the users file or given another password loses their
 * sessions and websockets; single sign-on sessions hold while single sign-on is configured.
 */
export function createSessions(
  settings: AuthSettings,
  usersCheckMs: number | undefined,
  now: () => number,
  lifetimeMs: number,
): Sessions | undefined {
  if (!settings.users && !settings.oidc) return undefined;
  const checkMs = usersCheckMs ?? USERS_CHECK_MS;
  const key = settings.sessionKey ?? processSessionKey();
  const users = settings.users
    ? createUsersSource(settings.users, {
        file: settings.usersFile,
        checkMs,
        // A user removed or given another password: their websockets close now.
        onChange: () => store.sweep(),
      })
    : undefined;
  const store = createSessionStore({
    key,
    lifetimeMs,
    now,
    valid: (claims) =>
      claims.method === 'oidc'
        ? settings.oidc !== undefined
        : users !== undefined && users.stamp(claims.user) === claims.hash,
  });
  // Edits of the users file reach open websockets even when no request comes.
  const watcher =
    users && settings.usersFile !== undefined ? setInterval(users.refresh, checkMs) : undefined;
  watcher?.unref();
  return {
    store,
    key,
    ...(users ? { users } : {}),
    close: () => {
      clearInterval(watcher);
      store.clear();
    },
  };
}
