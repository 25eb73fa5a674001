/**
 * Test helpers for the console server: a temporary UI build, a fake LXD on a unix socket
 * (HTTP and websockets), raw HTTP requests whose paths are sent exactly as written, HTTPS
 * requests with a client certificate, and a stand-in server behind an auth gate.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { ConsoleError } from '../errors';

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export const INDEX_HTML = '<!doctype html><title>console</title><div id="root"></div>';

/** A small build: index.html, hashed assets and a few other file types. */
export function writeUiBuild(root: string): string {
  const ui = path.join(root, 'ui');
  mkdirSync(path.join(ui, 'assets'), { recursive: true });
  writeFileSync(path.join(ui, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(ui, 'assets', 'index-AbC123.js'), 'console.log(1);');
  writeFileSync(path.join(ui, 'assets', 'index-AbC123.css'), 'body{}');
  writeFileSync(path.join(ui, 'assets', 'font-x1.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(path.join(ui, 'assets', 'mod-x2.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d]));
  writeFileSync(path.join(ui, 'assets', 'logo-x3.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(ui, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(ui, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  writeFileSync(path.join(ui, 'manifest.json'), '{}');
  writeFileSync(path.join(ui, 'robots.txt'), 'User-agent: *\n');
  return ui;
}

export interface FakeLxd {
  socket: string;
  /** Headers of the last HTTP request and of the last websocket handshake LXD received. */
  lastHeaders: () => http.IncomingHttpHeaders;
  lastWsHeaders: () => http.IncomingHttpHeaders;
  close: () => Promise<void>;
}

export const NOT_FOUND_BODY =
  '{"type":"error","status":"","status_code":0,"operation":"","error_code":404,"error":"not found","metadata":null}\n';

/**
 * Answers like LXD: GET /1.0 (auth as given), 404 JSON elsewhere, POST /1.0/upload counts the
 * bytes it streams, and websockets on /1.0/events echo what they get.
 */
export async function startFakeLxd(socket: string, auth = 'trusted'): Promise<FakeLxd> {
  let lastHeaders: http.IncomingHttpHeaders = {};
  let lastWsHeaders: http.IncomingHttpHeaders = {};
  const server = http.createServer((req, res) => {
    lastHeaders = req.headers;
    if (req.url === '/1.0') {
      const body = {
        type: 'sync',
        status_code: 200,
        metadata: { auth, environment: { server_version: '5.0.2' } },
      };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
      return;
    }
    if (req.method === 'POST' && req.url === '/1.0/upload') {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ type: 'sync', metadata: { bytes } }));
      });
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(NOT_FOUND_BODY);
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, sock, head) => {
    lastWsHeaders = req.headers;
    if (!req.url?.startsWith('/1.0/events')) {
      sock.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, sock, head, (ws) => {
      ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    socket,
    lastHeaders: () => lastHeaders,
    lastWsHeaders: () => lastWsHeaders,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An HTTP request with the path sent byte for byte (fetch would normalise `..`). */
export function rawRequest(
  base: string,
  rawPath: string,
  options: {
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: Buffer | string;
    /** The client address to send from (any 127.x.y.z works on loopback). */
    localAddress?: string;
  } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: rawPath,
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(options.localAddress === undefined
          ? {}
          : { localAddress: options.localAddress, agent: false }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface HttpsReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTPS request to a test server (its certificate is not checked), with an optional client
 * certificate, cookie and form body (sent as application/x-www-form-urlencoded).
 */
export function httpsRequest(
  base: string,
  target: string,
  options: {
    method?: string;
    cookie?: string;
    body?: string;
    client?: { cert: string; key: string };
  } = {},
): Promise<HttpsReply> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${base}${target}`,
      {
        method: options.method ?? 'GET',
        rejectUnauthorized: false,
        agent: false,
        ...(options.client ? { cert: options.client.cert, key: options.client.key } : {}),
        headers: {
          ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
          ...(options.body === undefined
            ? {}
            : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Stands in for the console server and LXD behind `gate`: an admitted request answers "ok", an
 * admitted upgrade becomes an echo websocket. Its base URL and a close.
 */
export async function serveGate(gate: {
  admitRequest: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  admitUpgrade: (req: http.IncomingMessage, socket: Duplex) => boolean;
}): Promise<{ base: string; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ noServer: true });
  const server = http.createServer((req, res) => {
    if (gate.admitRequest(req, res)) res.end('ok');
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!gate.admitUpgrade(req, socket)) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data) => ws.send(data));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The message of the ConsoleError `fn` throws (the one-line refusals of the configuration). */
export function consoleErrorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error;
    return error.message;
  }
  throw new Error('expected a ConsoleError');
}
