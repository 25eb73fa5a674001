/**
 * Password sessions of the console server. The session lives in its cookie (session-cookie.ts:
 * user, times and a stamp of the user's password hash, sealed with the session key), so it
 * survives a restart and every console server with the same --session-secret accepts it. Each
 * use checks that the session has not run out, that the user is still in the users file with the
 * same hash, and that it was not signed out here.
 *
 * What this server keeps: the digests of the cookies signed out on it (until they would have run
 * out: replaying one here fails; another server does not know of it), and the websockets
 * (terminal, console, events) opened with each cookie, which close when the session ends on this
 * server: signed out, run out, or its user removed or given another password.
 */
import type { Duplex } from 'node:stream';
import { cookieDigest, openSession, sealSession, type SessionClaims } from './session-cookie';

export interface SessionStore {
  /** A new session for a user whose password hash has this stamp; the cookie's value. */
  create: (user: string, stamp: string) => string;
  /** The user of a cookie whose session holds, or undefined. */
  user: (value: string) => string | undefined;
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
  /** The stamp of a user's current password hash; undefined for a user no longer listed. */
  stampOf: (user: string) => string | undefined;
}

interface Attached {
  claims: SessionClaims;
  sockets: Set<Duplex>;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { key, lifetimeMs, now, stampOf } = options;
  /** Cookie digest → when it would have run out. */
  const signedOut = new Map<string, number>();
  /** Cookie digest → its session and open websockets. */
  const attached = new Map<string, Attached>();

  function holds(digest: string, claims: SessionClaims): boolean {
    return claims.expires > now() && !signedOut.has(digest) && stampOf(claims.user) === claims.hash;
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
    create(user, stamp) {
      const issued = now();
      return sealSession(key, { user, issued, expires: issued + lifetimeMs, hash: stamp });
    },
    user(value) {
      const claims = openSession(key, value);
      return claims && holds(cookieDigest(value), claims) ? claims.user : undefined;
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
