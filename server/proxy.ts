/**
 * Forwards /1.0, /oidc and /documentation (HTTP and websocket upgrades) to the one LXD,
 * streaming bodies both ways without timeouts, and passing LXD's answers through unchanged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { errorMessage } from './errors';
import { crossSiteReason, type GuardOptions } from './guard';
import { SECURITY_HEADER_LINES } from './static';
import type { Upstream } from './upstream';

/** An error body shaped like LXD's own, so the console shows it like any other LXD error. */
export function lxdErrorBody(code: number, message: string): string {
  return JSON.stringify({
    type: 'error',
    status: '',
    status_code: 0,
    operation: '',
    error_code: code,
    error: message,
    metadata: null,
  });
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function sendLxdError(res: ServerResponse, code: number, message: string): void {
  const body = lxdErrorBody(code, message);
  res.writeHead(code, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Answers an upgrade request with a plain HTTP error and closes the socket. */
export function rejectUpgrade(socket: Duplex, code: number, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = lxdErrorBody(code, message);
  socket.end(
    `HTTP/1.1 ${code} ${REASONS[code] ?? 'Error'}\r\nContent-Type: application/json\r\n` +
      SECURITY_HEADER_LINES +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export interface LxdProxy {
  web: (req: IncomingMessage, res: ServerResponse) => void;
  ws: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

export function createLxdProxy(upstream: Upstream, guard: GuardOptions): LxdProxy {
  const proxy = createProxyServer({
    target: upstream.target,
    agent: upstream.agent,
    ws: true,
    xfwd: false,
    // Self-signed LXD certificates are handled by the agent (accepted, or pinned).
    secure: false,
  });

  // Client sockets whose websocket is established: an error there can only close them.
  const upgraded = new WeakSet<Duplex>();
  proxy.on('proxyReqWs', (proxyReq, _req, socket) => {
    proxyReq.once('upgrade', () => upgraded.add(socket));
  });

  proxy.on('error', (error, _req, res) => {
    const message = `console server: LXD at ${upstream.label} is unreachable: ${errorMessage(error)}`;
    if ('writeHead' in res) {
      if (res.headersSent) res.destroy();
      else sendLxdError(res, 502, message);
    } else if (upgraded.has(res)) {
      res.destroy();
    } else {
      rejectUpgrade(res, 502, message);
    }
  });

  /** Same-origin to LXD: its Host, its Origin, and a same-origin fetch site. */
  function rewriteHeaders(req: IncomingMessage): void {
    req.headers.host = upstream.host;
    if (req.headers.origin !== undefined) req.headers.origin = upstream.origin;
    if (req.headers['sec-fetch-site'] !== undefined) req.headers['sec-fetch-site'] = 'same-origin';
    delete req.headers.referer;
  }

  return {
    web(req, res) {
      const refused = crossSiteReason(req, guard);
      if (refused !== undefined) {
        sendLxdError(res, 403, `console server: ${refused}`);
        return;
      }
      rewriteHeaders(req);
      proxy.web(req, res);
    },
    ws(req, socket, head) {
      const refused = crossSiteReason(req, guard);
      if (refused !== undefined) {
        rejectUpgrade(socket, 403, `console server: ${refused}`);
        return;
      }
      rewriteHeaders(req);
      proxy.ws(req, socket, head);
    },
  };
}
