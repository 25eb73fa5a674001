/**
 * The console server: the built SPA at /ui (with deep-link fallback), redirects from / and /ui,
 * a same-origin proxy to one LXD for /1.0, /oidc and /documentation, and remote image servers'
 * simplestreams files at /console/simplestreams (server/simplestreams.ts), and who is signed in
 * at /console/session (server/console-session.ts).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { OPEN_GATE, authTlsOptions, loadAuthSettings, type AuthGate } from './auth';
import { createAccess, type Access } from './auth-setup';
import { isLoopback, validateConfig, type ConsoleConfig } from './config';
import {
  EARLY_DATA_MAX_BYTES,
  EARLY_DATA_TIMEOUT_MS,
  earlyDataBlock,
  earlyDataUrls,
  type EarlyAnswer,
} from './early-data';
import { sendConsoleSession } from './console-session';
import { ConsoleError, errorCode, errorMessage } from './errors';
import { checkLxd } from './lxd-check';
import { createLxdProxy, rejectUpgrade, sendLxdError, type LxdProxy } from './proxy';
import { classify } from './routes';
import { createSimplestreamsHandler } from './simplestreams';
import {
  CONNECTION_CHECK_MS,
  HEADERS_TIMEOUT_MS,
  bodyDeadline,
  createConnectionCap,
  createWebsocketLimits,
  limitKey,
} from './limits';
import { requestUser } from './auth';
import { SECURITY_HEADER_LINES, createStaticHandler, sendText, setSecurityHeaders } from './static';
import { createUpstream, type Upstream } from './upstream';

export interface ConsoleServer {
  /** Checks the LXD, then listens. Rejects with a ConsoleError (one clear line) on a problem. */
  listen: () => Promise<{ url: string; lxdVersion: string }>;
  /** Stops listening and closes every connection, upgraded websockets included. */
  close: () => Promise<void>;
}

function readTls(config: ConsoleConfig): https.ServerOptions {
  const { tls } = config;
  if (!tls) return {};
  try {
    return { cert: readFileSync(tls.cert), key: readFileSync(tls.key) };
  } catch (error) {
    throw new ConsoleError(`cannot read the HTTPS certificate or key: ${errorMessage(error)}`);
  }
}

function listenError(error: unknown, config: ConsoleConfig): ConsoleError {
  const where = `${config.host} port ${config.port}`;
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return new ConsoleError(
        `cannot listen on ${where}: the port is already in use (choose another with --port)`,
      );
    case 'EACCES':
      return new ConsoleError(`cannot listen on ${where}: permission denied`);
    case 'EADDRNOTAVAIL':
      return new ConsoleError(`cannot listen on ${where}: no such address on this machine`);
    default:
      return new ConsoleError(`cannot listen on ${where}: ${errorMessage(error)}`);
  }
}

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The data block of an instance list's page (server/early-data.ts), or undefined. */
async function withEarlyAnswers(
  proxy: LxdProxy,
  req: http.IncomingMessage,
): Promise<string | undefined> {
  if (req.method !== 'GET') return undefined;
  const urls = earlyDataUrls(req.url ?? '');
  if (urls.length === 0) return undefined;
  const answers: Record<string, EarlyAnswer> = {};
  await Promise.all(
    urls.map(async (url) => {
      const answer = await proxy.read(req, url, EARLY_DATA_TIMEOUT_MS, EARLY_DATA_MAX_BYTES);
      if (answer) answers[url] = answer;
    }),
  );
  return earlyDataBlock(answers);
}

export function createConsoleServer(config: ConsoleConfig): ConsoleServer {
  let server: http.Server | undefined;
  let upstream: Upstream | undefined;
  let access: Access | undefined;
  /** Authentication hook (server/auth.ts): called first for every request and upgrade. */
  let auth: AuthGate = OPEN_GATE;
  const sockets = new Set<Socket | Duplex>();
  const serveStatic = createStaticHandler(config.uiDir);
  const websockets = createWebsocketLimits();
  const beforeSignIn = createConnectionCap();

  const serveSimplestreams = createSimplestreamsHandler({
    loopbackOnly: isLoopback(config.host),
    allow: config.simplestreamsAllow ?? [],
  });

  function onRequest(proxy: LxdProxy, req: http.IncomingMessage, res: http.ServerResponse): void {
    // Security headers on every answer; the page policy on all but LXD's own (its documentation).
    setSecurityHeaders(res);
    // Over HTTPS browsers are told to come back only over HTTPS (not for subdomains).
    if (config.tls) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
    if (classify(req.url ?? '').kind !== 'proxy') {
      res.setHeader('Content-Security-Policy', serveStatic.csp());
    }
    // Until a request reaches LXD it has a deadline for its body (the login form, refusals).
    const deadline = bodyDeadline(req, res, config.bodyTimeoutMs);
    if (!auth.admitRequest(req, res)) return;
    beforeSignIn.signedIn(req.socket);
    const route = classify(req.url ?? '');
    if (route.kind === 'proxy') deadline.cancel();
    switch (route.kind) {
      case 'redirect':
        if (req.method === 'GET' || req.method === 'HEAD') {
          res.writeHead(302, { Location: route.location, 'Content-Length': 0 });
          res.end();
        } else {
          sendText(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
        }
        return;
      case 'static':
        withEarlyAnswers(proxy, req)
          .then((earlyData) => serveStatic(req, res, route.segments, earlyData))
          .catch((error: unknown) => {
            process.stderr.write(`console server: ${req.url ?? ''}: ${errorMessage(error)}\n`);
            if (res.headersSent) res.destroy();
            else sendText(res, 500, 'internal error\n');
          });
        return;
      case 'proxy':
        proxy.web(req, res);
        return;
      case 'simplestreams':
        serveSimplestreams(req, res);
        return;
      case 'session':
        sendConsoleSession(req, res);
        return;
      case 'refused':
        if (route.status === 400) sendLxdError(res, 400, `console server: ${route.reason}`);
        else sendText(res, 404, 'not found\n');
    }
  }

  function onUpgrade(
    proxy: LxdProxy,
    req: http.IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ): void {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (!auth.admitUpgrade(req, socket)) return;
    beforeSignIn.signedIn(req.socket);
    const route = classify(req.url ?? '');
    if (route.kind === 'proxy') {
      const slot = websockets.acquire(limitKey(req, requestUser(req)));
      if ('refused' in slot) {
        rejectUpgrade(socket, 503, slot.refused);
        return;
      }
      socket.once('close', slot.release);
      proxy.ws(req, socket, head);
    } else
      rejectUpgrade(
        socket,
        route.kind === 'refused' ? route.status : 404,
        'console server: not a proxied path',
      );
  }

  return {
    async listen() {
      if (server) throw new ConsoleError('the console server is already listening');
      validateConfig(config);
      const authSettings = loadAuthSettings(config.auth);
      const tlsOptions = { ...readTls(config), ...authTlsOptions(authSettings) };
      const lxd = createUpstream(config.lxd);
      upstream = lxd;
      const guard = { loopbackOnly: isLoopback(config.host) };
      const info = await (async () => {
        const checked = await checkLxd(lxd, config.lxd);
        access = createAccess(config, authSettings, createLxdProxy(lxd, guard), guard);
        await access.check();
        return checked;
      })().catch((error: unknown) => {
        lxd.close();
        upstream = undefined;
        access?.close();
        access = undefined;
        throw error;
      });
      auth = access?.gate ?? OPEN_GATE;
      const proxy = access?.proxy ?? createLxdProxy(lxd, guard);
      // Slow headers (and TLS handshakes) are cut off; bodies are not: long operations (/wait)
      // and big uploads stream for as long as they take.
      const limits = { connectionsCheckingInterval: CONNECTION_CHECK_MS };
      const created = config.tls
        ? https.createServer({ ...tlsOptions, ...limits, handshakeTimeout: HEADERS_TIMEOUT_MS })
        : http.createServer(limits);
      created.headersTimeout = HEADERS_TIMEOUT_MS;
      created.requestTimeout = 0;
      created.timeout = 0;
      created.on('request', (req: http.IncomingMessage, res: http.ServerResponse) =>
        onRequest(proxy, req, res),
      );
      created.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) =>
        onUpgrade(proxy, req, socket, head),
      );
      created.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
      // With authentication on, an address may hold only so many connections before signing in.
      if (auth !== OPEN_GATE) {
        created.on(config.tls ? 'secureConnection' : 'connection', (socket: Socket) => {
          if (!beforeSignIn.open(socket)) socket.destroy();
        });
      }
      created.on('clientError', (error, socket: Duplex) => {
        const status =
          errorCode(error) === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? '408 Request Timeout'
            : '400 Bad Request';
        if (socket.writable) {
          socket.end(
            `HTTP/1.1 ${status}\r\n${SECURITY_HEADER_LINES}Content-Length: 0\r\nConnection: close\r\n\r\n`,
          );
        } else socket.destroy();
      });
      await new Promise<void>((resolve, reject) => {
        created.once('error', (error) => reject(listenError(error, config)));
        created.listen(config.port, config.host, () => resolve());
      }).catch((error: unknown) => {
        lxd.close();
        upstream = undefined;
        access?.close();
        access = undefined;
        auth = OPEN_GATE;
        throw error;
      });
      server = created;
      const { port } = created.address() as AddressInfo;
      const scheme = config.tls ? 'https' : 'http';
      return {
        url: `${scheme}://${urlHost(config.host)}:${port}/ui/`,
        lxdVersion: info.serverVersion,
      };
    },

    async close() {
      const current = server;
      server = undefined;
      if (current) {
        const closed = new Promise<void>((resolve) => current.close(() => resolve()));
        current.closeAllConnections();
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        await closed;
      }
      upstream?.close();
      upstream = undefined;
      access?.close();
      access = undefined;
      auth = OPEN_GATE;
    },
  };
}
