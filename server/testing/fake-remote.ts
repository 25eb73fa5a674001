/**
 * A fake LXD or Incus for the remotes tests, on a unix socket or over HTTPS (naming each client
 * by its certificate): GET /1.0 answers with the given auth and environment, an instance list's
 * names answer with an ETag, /documentation with a page, anything else with JSON naming the
 * remote and the request it got; a websocket gets "<remote> <URL>" and then echoes.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import { WebSocketServer } from 'ws';

export interface FakeRemoteOptions {
  name: string;
  /** GET /1.0's auth, for everyone or per client certificate name (default "trusted"). */
  auth?: string | ((client: string) => string);
  /** GET /1.0's environment when trusted (default server lxd, 5.0.2, not clustered). */
  environment?: Record<string, unknown>;
  /** A unix socket to listen on; without it HTTPS on 127.0.0.1 with `tls`. */
  socket?: string;
  /** The server's certificate, and client certificate fingerprints (hex, lower case) → names. */
  tls?: { cert: string; key: string; names: ReadonlyMap<string, string> };
}

export interface FakeRemote {
  /** https://127.0.0.1:PORT, or the socket path. */
  address: string;
  /** "<method> <URL>" per request other than GET /1.0 (and " <client>" over HTTPS). */
  seen: string[];
  /** How many times GET /1.0 was asked. */
  probes: () => number;
  close: () => Promise<void>;
}

export const DEFAULT_ENVIRONMENT = {
  server: 'lxd',
  server_version: '5.0.2',
  server_clustered: false,
};

function json(res: http.ServerResponse, status: number, body: unknown, etag?: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    ...(etag === undefined ? {} : { ETag: etag }),
  });
  res.end(JSON.stringify(body));
}

export async function startFakeRemote(options: FakeRemoteOptions): Promise<FakeRemote> {
  const { name, tls } = options;
  const seen: string[] = [];
  let probes = 0;
  const clientOf = (socket: unknown): string => {
    if (!tls) return '';
    // A client without a certificate has an empty one.
    const peer = (socket as TLSSocket).getPeerCertificate() as Partial<PeerCertificate>;
    const fingerprint = (peer.fingerprint256 ?? '').replaceAll(':', '').toLowerCase();
    return tls.names.get(fingerprint) ?? 'unknown';
  };
  const note = (what: string, socket: unknown) =>
    seen.push(tls ? `${what} ${clientOf(socket)}` : what);
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '';
    if (url === '/1.0') {
      probes += 1;
      const client = clientOf(req.socket);
      const auth =
        typeof options.auth === 'function' ? options.auth(client) : (options.auth ?? 'trusted');
      const environment = options.environment ?? DEFAULT_ENVIRONMENT;
      json(res, 200, {
        type: 'sync',
        status_code: 200,
        metadata: { auth, ...(auth === 'trusted' ? { environment } : {}) },
      });
      return;
    }
    note(`${req.method ?? ''} ${url}`, req.socket);
    if (url.startsWith('/documentation')) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><p>documentation of ${name}</p>`);
      return;
    }
    req.resume();
    req.on('end', () => {
      if (url === '/1.0/instances?project=default&recursion=0') {
        json(res, 200, { type: 'sync', metadata: [`/1.0/instances/${name}-c1`] }, `"${name}"`);
      } else {
        json(res, 200, { type: 'sync', metadata: { remote: name, method: req.method, url } });
      }
    });
  };
  const server = tls
    ? https.createServer(
        { cert: tls.cert, key: tls.key, requestCert: true, rejectUnauthorized: false },
        handler,
      )
    : http.createServer(handler);
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    note(`WS ${req.url ?? ''}`, socket);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.send(`${name} ${req.url ?? ''}`);
      ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
    });
  });
  await new Promise<void>((resolve) => {
    if (options.socket !== undefined) server.listen(options.socket, resolve);
    else server.listen(0, '127.0.0.1', resolve);
  });
  const address =
    options.socket ?? `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return {
    address,
    seen,
    probes: () => probes,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
