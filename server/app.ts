/**
 * The console server: the built SPA at /ui (with deep-link fallback), redirects from / and /ui,
 * a same-origin proxy to one LXD for /1.0, /oidc and /documentation and to each remote for
 * /remote/<name>/1.0 and /remote/<name>/documentation (server/remotes.ts), and remote image
 * servers' simplestreams files at /console/simplestreams (server/simplestreams.ts), who is
 * signed in at /console/session (server/console-session.ts) and the remotes' state at
 * /console/remotes (server/remotes-status.ts).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { OPEN_GATE, authTlsOptions, loadAuthSettings, type AuthGate } from './auth';
import { createAccess, type Access } from './auth-setup';
import { isLoopback, validateConfig, type ConsoleConfig } from './config';
import { withEarlyAnswers } from './early-answers';
import { sendConsoleSession } from './console-session';
import { ConsoleError, errorCode, errorMessage } from './errors';
import { createLxdProxy, rejectUpgrade, sendLxdError, type LxdProxy } from './proxy';
import { noRemoteMessage, openRemotes, proxyOf, type OpenRemotes } from './remotes';
import { createRemoteStatus, type RemoteStatus } from './remotes-status';
import { openRunningJournal, type RunningJournal } from './journal/setup';
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

/** The answer for /console/activity when the journal is off (`--journal off`). */
export const JOURNAL_OFF = 'console server: the activity journal is off on this server';
/** The answer for /console/usage when the journal (and so the usage sampler) is off. */
export const USAGE_OFF =
  'console server: the usage history is off on this server (the journal is off)';

export interface ConsoleServer {
  /**
   * Checks the LXD (and the other remotes), then listens. Rejects with a ConsoleError (one clear
   * line) on a problem. `remotes`: every remote's name, the default one first.
   */
  listen: () => Promise<{ url: string; lxdVersion: string; remotes: string[] }>;
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

export function createConsoleServer(config: ConsoleConfig): ConsoleServer {
  let server: http.Server | undefined;
  let remotes: OpenRemotes | undefined;
  let access: Access | undefined;
  let journal: RunningJournal | undefined;
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

  /** What the listening server routes with: each remote's proxy, by name. */
  interface Routing {
    proxies: ReadonlyMap<string, LxdProxy>;
    defaultName: string;
    status: RemoteStatus;
  }

  function onRequest(routing: Routing, req: http.IncomingMessage, res: http.ServerResponse): void {
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
        withEarlyAnswers(req, routing.proxies, routing.defaultName)
          .then((earlyData) => serveStatic(req, res, route.segments, earlyData))
          .catch((error: unknown) => {
            process.stderr.write(`console server: ${req.url ?? ''}: ${errorMessage(error)}\n`);
            if (res.headersSent) res.destroy();
            else sendText(res, 500, 'internal error\n');
          });
        return;
      case 'proxy': {
        const proxy = proxyOf(route, req, routing.proxies, routing.defaultName);
        if (!proxy) {
          sendLxdError(res, 404, noRemoteMessage(route.remote ?? ''));
          return;
        }
        deadline.cancel();
        proxy.web(req, res);
        return;
      }
      case 'simplestreams':
        serveSimplestreams(req, res);
        return;
      case 'session':
        sendConsoleSession(req, res);
        return;
      case 'remotes':
        routing.status.send(req, res);
        return;
      case 'activity':
        if (journal) journal.handle(req, res, route.export);
        else sendLxdError(res, 404, JOURNAL_OFF);
        return;
      case 'usage':
        if (journal) journal.handleUsage(req, res);
        else sendLxdError(res, 404, USAGE_OFF);
        return;
      case 'refused':
        if (route.status === 400) sendLxdError(res, 400, `console server: ${route.reason}`);
        else sendText(res, 404, 'not found\n');
    }
  }

  function onUpgrade(
    routing: Routing,
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
      const proxy = proxyOf(route, req, routing.proxies, routing.defaultName);
      if (!proxy) {
        rejectUpgrade(socket, 404, noRemoteMessage(route.remote ?? ''));
        return;
      }
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
      const guard = { loopbackOnly: isLoopback(config.host) };
      const opened = await openRemotes(config);
      remotes = opened;
      const { journal: journalConfig } = config;
      try {
        if (journalConfig) journal = openRunningJournal({ ...config, journal: journalConfig });
        access = createAccess(
          config,
          authSettings,
          opened.list.map(({ name, isDefault, target, upstream }) => ({
            name,
            isDefault,
            target,
            serverProxy: createLxdProxy(upstream, guard),
          })),
          guard,
          journal?.calls,
        );
        await access.check(opened.failed);
      } catch (error) {
        opened.close();
        remotes = undefined;
        access?.close();
        access = undefined;
        await journal?.close();
        journal = undefined;
        throw error;
      }
      auth = access.gate;
      const defaultRemote = opened.list.find((remote) => remote.isDefault);
      const routing: Routing = {
        proxies: access.proxies,
        defaultName: defaultRemote?.name ?? '',
        status: createRemoteStatus(opened.list),
      };
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
        onRequest(routing, req, res),
      );
      created.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) =>
        onUpgrade(routing, req, socket, head),
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
        opened.close();
        remotes = undefined;
        access?.close();
        access = undefined;
        auth = OPEN_GATE;
        void journal?.close();
        journal = undefined;
        throw error;
      });
      server = created;
      // The journal hears every remote before the server says it is up (at most a few seconds).
      await journal?.start(opened.list, routing.proxies, access.targets);
      const { port } = created.address() as AddressInfo;
      const scheme = config.tls ? 'https' : 'http';
      return {
        url: `${scheme}://${urlHost(config.host)}:${port}/ui/`,
        lxdVersion: opened.info.serverVersion,
        remotes: opened.list.map((remote) => remote.name),
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
      remotes?.close();
      remotes = undefined;
      access?.close();
      access = undefined;
      auth = OPEN_GATE;
      await journal?.close();
      journal = undefined;
    },
  };
}
