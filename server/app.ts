/**
 * The console server: the built SPA at /ui (with deep-link fallback), redirects from / and /ui,
 * and a same-origin proxy to one LXD for /1.0, /oidc and /documentation.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { isLoopback, validateConfig, type ConsoleConfig } from './config';
import { ConsoleError, errorCode, errorMessage } from './errors';
import { checkLxd } from './lxd-check';
import { createLxdProxy, rejectUpgrade, sendLxdError, type LxdProxy } from './proxy';
import { classify } from './routes';
import { createStaticHandler, sendText } from './static';
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

export function createConsoleServer(config: ConsoleConfig): ConsoleServer {
  let server: http.Server | undefined;
  let upstream: Upstream | undefined;
  const sockets = new Set<Socket | Duplex>();
  const serveStatic = createStaticHandler(config.uiDir);

  function onRequest(proxy: LxdProxy, req: http.IncomingMessage, res: http.ServerResponse): void {
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
        serveStatic(req, res, route.segments).catch((error: unknown) => {
          process.stderr.write(`console server: ${req.url ?? ''}: ${errorMessage(error)}\n`);
          if (res.headersSent) res.destroy();
          else sendText(res, 500, 'internal error\n');
        });
        return;
      case 'proxy':
        proxy.web(req, res);
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
    const route = classify(req.url ?? '');
    if (route.kind === 'proxy') proxy.ws(req, socket, head);
    else
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
      const tlsOptions = readTls(config);
      const lxd = createUpstream(config.lxd);
      upstream = lxd;
      const info = await checkLxd(lxd, config.lxd).catch((error: unknown) => {
        lxd.close();
        upstream = undefined;
        throw error;
      });
      const proxy = createLxdProxy(lxd, { loopbackOnly: isLoopback(config.host) });
      const created = config.tls ? https.createServer(tlsOptions) : http.createServer();
      // Long operations (/wait) and big uploads stream for as long as they take.
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
      created.on('clientError', (_error, socket: Duplex) => {
        if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
        else socket.destroy();
      });
      await new Promise<void>((resolve, reject) => {
        created.once('error', (error) => reject(listenError(error, config)));
        created.listen(config.port, config.host, () => resolve());
      }).catch((error: unknown) => {
        lxd.close();
        upstream = undefined;
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
    },
  };
}
