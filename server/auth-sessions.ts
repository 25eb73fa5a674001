/**
 * Password sessions of the console server: a random id per sign-in, kept in memory with an
 * expiry. A session's websockets (terminal, console, events) belong to it: signing out or the
 * session running out closes them, so nothing keeps working on a session that has ended.
 */
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';

interface Session {
  user: string;
  expires: number;
  sockets: Set<Duplex>;
}

export interface SessionStore {
  /** A new session for `user`; its id. */
  create: (user: string) => string;
  /** The user of a live session, or undefined (an ended one is dropped). */
  user: (id: string) => string | undefined;
  /** Ends a session and closes its websockets. */
  end: (id: string) => void;
  /** Ties an upgraded socket to a live session: closed when the session ends or runs out. */
  attach: (id: string, socket: Duplex) => void;
  /** Ends every session that has run out. */
  sweep: () => void;
  clear: () => void;
}

export function createSessionStore(lifetimeMs: number, now: () => number): SessionStore {
  const sessions = new Map<string, Session>();

  function end(id: string): void {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    for (const socket of session.sockets) socket.destroy();
    session.sockets.clear();
  }

  return {
    create(user) {
      const id = randomBytes(32).toString('base64url');
      sessions.set(id, { user, expires: now() + lifetimeMs, sockets: new Set() });
      return id;
    },
    user(id) {
      const session = sessions.get(id);
      if (!session) return undefined;
      if (session.expires <= now()) {
        end(id);
        return undefined;
      }
      return session.user;
    },
    end,
    attach(id, socket) {
      const session = sessions.get(id);
      if (!session) {
        socket.destroy();
        return;
      }
      session.sockets.add(socket);
      // The session's clock, not the sweep's: a socket goes the moment its session runs out.
      const timer = setTimeout(() => end(id), Math.max(0, session.expires - now()));
      timer.unref();
      socket.once('close', () => {
        clearTimeout(timer);
        session.sockets.delete(socket);
      });
    },
    sweep() {
      const t = now();
      for (const [id, session] of sessions) if (session.expires <= t) end(id);
    },
    clear() {
      for (const id of [...sessions.keys()]) end(id);
    },
  };
}
