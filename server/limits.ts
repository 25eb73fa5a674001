/**
 * Limits that keep one client from starving the others: slow request headers are cut off
 * (server.headersTimeout, answered 408 by the server's clientError handler), and open websockets
 * are counted per server and per user. Request bodies are not limited: uploads stream through.
 */
import type { IncomingMessage } from 'node:http';

/** Time a client has to send its request headers (and, over HTTPS, to finish the handshake). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node checks connections against headersTimeout (its default is 30 s). */
export const CONNECTION_CHECK_MS = 1_000;
export const MAX_WEBSOCKETS = 200;
export const MAX_WEBSOCKETS_PER_USER = 50;

export const TOO_MANY_WEBSOCKETS = `console server: too many open websockets (at most ${MAX_WEBSOCKETS} per server); close a terminal or console and try again`;
export const TOO_MANY_USER_WEBSOCKETS = `console server: too many open websockets (at most ${MAX_WEBSOCKETS_PER_USER} per user); close a terminal or console and try again`;

export interface WebsocketLimits {
  /**
   * Counts one more websocket for the key: a release function (call it once, when the socket
   * closes), or the refusal message when a limit is reached.
   */
  acquire: (key: string) => { release: () => void } | { refused: string };
  /** Open websockets: in all, and for one key. */
  open: (key?: string) => number;
}

export function createWebsocketLimits(
  total = MAX_WEBSOCKETS,
  perUser = MAX_WEBSOCKETS_PER_USER,
): WebsocketLimits {
  let open = 0;
  const byKey = new Map<string, number>();
  return {
    acquire(key) {
      const mine = byKey.get(key) ?? 0;
      if (open >= total) return { refused: TOO_MANY_WEBSOCKETS };
      if (mine >= perUser) return { refused: TOO_MANY_USER_WEBSOCKETS };
      open += 1;
      byKey.set(key, mine + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          open -= 1;
          const left = (byKey.get(key) ?? 1) - 1;
          if (left > 0) byKey.set(key, left);
          else byKey.delete(key);
        },
      };
    },
    open: (key) => (key === undefined ? open : (byKey.get(key) ?? 0)),
  };
}

/** Whose websockets a request counts against: the signed-in user, else the client's address. */
export function limitKey(req: IncomingMessage, user: string | null): string {
  return user === null ? `address ${req.socket.remoteAddress ?? ''}` : `user ${user}`;
}
