/**
 * Limits that keep one client from starving the others: slow request headers are cut off
 * (server.headersTimeout, answered 408 by the server's clientError handler), a request the
 * console server answers itself (the login form, pages, refusals) has 10 s to send its body,
 * connections that have not signed in are counted per address, and open websockets are counted
 * per server and per user. Proxied request bodies are not limited: uploads stream through.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './auth-throttle';
import { sendText } from './static';

/** Time a client has to send its request headers (and, over HTTPS, to finish the handshake). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node checks connections against headersTimeout (its default is 30 s). */
export const CONNECTION_CHECK_MS = 1_000;
/** Time a request the console server answers itself has to send its whole body. */
export const BODY_TIMEOUT_MS = 10_000;
/** Connections from one address (IPv6: one /64) that have not signed in, with authentication on. */
export const MAX_CONNECTIONS_BEFORE_SIGN_IN = 128;
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

/**
 * Cuts off a request whose body has not arrived in time: 408 when nothing was answered yet,
 * else the connection is closed (an answer sent before the body, such as a 401, would otherwise
 * leave the connection waiting for the rest of it). cancel() for requests that stream on (the
 * LXD proxy).
 */
export function bodyDeadline(
  req: IncomingMessage,
  res: ServerResponse,
  ms = BODY_TIMEOUT_MS,
): { cancel: () => void } {
  const timer = setTimeout(() => {
    if (req.complete || req.socket.destroyed) return;
    if (res.headersSent) req.socket.destroy();
    else sendText(res, 408, 'the request body did not arrive in time\n', { Connection: 'close' });
  }, ms);
  timer.unref();
  const cancel = (): void => clearTimeout(timer);
  req.once('end', cancel);
  res.once('close', () => {
    if (req.complete || req.socket.destroyed) cancel();
  });
  return { cancel };
}

export interface ConnectionCap {
  /** Counts a new connection; false when its address has too many that have not signed in. */
  open: (socket: Socket) => boolean;
  /** The connection carried a signed-in request (or upgrade): it no longer counts. */
  signedIn: (socket: IncomingMessage['socket']) => void;
}

export function createConnectionCap(perAddress = MAX_CONNECTIONS_BEFORE_SIGN_IN): ConnectionCap {
  const byAddress = new Map<string, number>();
  const counted = new WeakMap<object, string>();
  function signedIn(socket: object): void {
    const key = counted.get(socket);
    if (key === undefined) return;
    counted.delete(socket);
    const left = (byAddress.get(key) ?? 1) - 1;
    if (left > 0) byAddress.set(key, left);
    else byAddress.delete(key);
  }
  return {
    open(socket) {
      const key = addressKey(socket.remoteAddress);
      const count = byAddress.get(key) ?? 0;
      if (count >= perAddress) return false;
      byAddress.set(key, count + 1);
      counted.set(socket, key);
      socket.once('close', () => signedIn(socket));
      return true;
    },
    signedIn,
  };
}
