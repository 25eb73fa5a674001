/**
 * Forwards /1.0, /oidc and /documentation (HTTP and websocket upgrades) to an LXD (one proxy per
 * remote and identity; server/remotes.ts picks it and takes /remote/<name> off the URL),
 * streaming bodies both ways without timeouts, and passing LXD's answers through unchanged
 * (but for the Content-Security-Policy of /documentation, server/documentation.ts). What is the
 * console server's own business never reaches LXD: its session cookie, an Authorization header,
 * and X-LXD-forwarded-* headers (which LXD trusts from its cluster members only; Incus reads
 * them as X-Incus-forwarded-*).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { isDocumentation, relayDocumentation } from './documentation';
import { earlyAnswer, type EarlyAnswer } from './early-data';
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
  /**
   * GETs `path` from LXD as the request's user would (server/early-data.ts): the JSON 200 answer,
   * or undefined for anything else, a refused request, more than `maxBytes` or no answer in time.
   */
  read: (
    req: IncomingMessage,
    path: string,
    timeoutMs: number,
    maxBytes: number,
  ) => Promise<EarlyAnswer | undefined>;
}

/** An answer of LXD read whole: its status, headers and body as text. */
export interface LxdAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A GET of `path` through `upstream`, read whole: rejects when the request fails, the answer is
 * larger than `maxBytes` or does not come within `timeoutMs`. Any status resolves.
 */
export function getLxd(
  upstream: Upstream,
  path: string,
  options: { timeoutMs: number; maxBytes: number; accept?: string },
): Promise<LxdAnswer> {
  const { timeoutMs, maxBytes, accept = 'application/json' } = options;
  return new Promise((resolve, reject) => {
    const request = upstream.request(path, { accept });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${String(timeoutMs / 1000)} s`));
    }, timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) request.destroy(new Error('the answer is too large'));
        else chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    request.end();
  });
}

/** A GET of `path` through `upstream` for early data (see LxdProxy.read). */
export function readLxd(
  upstream: Upstream,
  path: string,
  timeoutMs: number,
  maxBytes: number,
): Promise<EarlyAnswer | undefined> {
  return getLxd(upstream, path, { timeoutMs, maxBytes }).then(
    (answer) => earlyAnswer(answer.status, answer.headers, answer.body),
    () => undefined,
  );
}

/** The console server's session cookie (server/auth.ts), under either of its names. */
const CONSOLE_COOKIES = new Set(['console_session', '__Host-console_session']);

/** The Cookie header without the console's own cookies; LXD's (lxd_session, OIDC) stay. */
export function withoutConsoleCookies(header: string): string | undefined {
  const kept = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !CONSOLE_COOKIES.has(pair.split('=')[0]?.trim() ?? ''));
  return kept.length === 0 ? undefined : kept.join('; ');
}

/** Removes from a request what must not reach LXD (see the top of this file). */
export function stripPrivateHeaders(req: IncomingMessage): void {
  const cookie = req.headers.cookie;
  if (cookie !== undefined) {
    const kept = withoutConsoleCookies(cookie);
    if (kept === undefined) delete req.headers.cookie;
    else req.headers.cookie = kept;
  }
  delete req.headers.authorization;
  delete req.headers['proxy-authorization'];
  for (const name of Object.keys(req.headers)) {
    if (/^x-(lxd|incus)-forwarded/i.test(name)) Reflect.deleteProperty(req.headers, name);
  }
}

export function createLxdProxy(upstream: Upstream, guard: GuardOptions): LxdProxy {
  const options = {
    target: upstream.target,
    agent: upstream.agent,
    ws: true,
    xfwd: false,
    // Self-signed LXD certificates are handled by the agent (accepted, or pinned).
    secure: false,
  };
  const proxy = createProxyServer(options);
  // /documentation: the answer is written by relayDocumentation, with the documentation policy.
  const documentation = createProxyServer({ ...options, ws: false, selfHandleResponse: true });
  documentation.on('proxyRes', (proxyRes, req, res) => relayDocumentation(proxyRes, req, res));

  // Client sockets whose websocket is established: an error there can only close them.
  const upgraded = new WeakSet<Duplex>();
  proxy.on('proxyReqWs', (proxyReq, _req, socket) => {
    proxyReq.once('upgrade', () => upgraded.add(socket));
  });

  const onError = (error: Error, _req: IncomingMessage, res: ServerResponse | Duplex) => {
    const message = `console server: LXD at ${upstream.label} is unreachable: ${errorMessage(error)}`;
    if ('writeHead' in res) {
      if (res.headersSent) res.destroy();
      else sendLxdError(res, 502, message);
    } else if (upgraded.has(res)) {
      res.destroy();
    } else {
      rejectUpgrade(res, 502, message);
    }
  };
  proxy.on('error', onError);
  documentation.on('error', onError);

  /** Same-origin to LXD: its Host, its Origin, and a same-origin fetch site. */
  function rewriteHeaders(req: IncomingMessage): void {
    req.headers.host = upstream.host;
    if (req.headers.origin !== undefined) req.headers.origin = upstream.origin;
    if (req.headers['sec-fetch-site'] !== undefined) req.headers['sec-fetch-site'] = 'same-origin';
    delete req.headers.referer;
    stripPrivateHeaders(req);
  }

  return {
    web(req, res) {
      const refused = crossSiteReason(req, guard);
      if (refused !== undefined) {
        sendLxdError(res, 403, `console server: ${refused}`);
        return;
      }
      rewriteHeaders(req);
      if (isDocumentation(req.url ?? '')) documentation.web(req, res);
      else proxy.web(req, res);
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
    read(req, path, timeoutMs, maxBytes) {
      // A page opened from another site gets no data in it (its own requests are refused too).
      if (crossSiteReason(req, guard) !== undefined) return Promise.resolve(undefined);
      return readLxd(upstream, path, timeoutMs, maxBytes);
    },
  };
}
