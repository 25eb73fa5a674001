import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createConsoleServer, type ConsoleServer } from './app';
import {
  HEADERS_TIMEOUT_MS,
  MAX_WEBSOCKETS,
  MAX_WEBSOCKETS_PER_USER,
  TOO_MANY_USER_WEBSOCKETS,
  TOO_MANY_WEBSOCKETS,
  createWebsocketLimits,
} from './limits';
import { lxdErrorBody } from './proxy';
import { rawRequest, startFakeLxd, tempDir, writeUiBuild, type FakeLxd } from './testing/fixtures';

const tmp = tempDir('console-limits-');
let lxd: FakeLxd;
let server: ConsoleServer;
let base: string;
let port: number;

beforeAll(async () => {
  const ui = writeUiBuild(tmp.dir);
  lxd = await startFakeLxd(path.join(tmp.dir, 'lxd.socket'));
  server = createConsoleServer({
    uiDir: ui,
    host: '127.0.0.1',
    port: 0,
    lxd: { kind: 'socket', path: lxd.socket },
  });
  base = (await server.listen()).url.replace(/\/ui\/$/, '');
  port = Number(new URL(base).port);
});

afterAll(async () => {
  await server.close();
  await lxd.close();
  tmp.remove();
});

describe('slow request headers', () => {
  it(
    'answers 408 and closes a client that sends half a header line, while serving others',
    async () => {
      const slow = net.connect(port, '127.0.0.1');
      let received = '';
      slow.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const started = Date.now();
      const closed = new Promise<number>((resolve) =>
        slow.once('close', () => resolve(Date.now())),
      );
      await new Promise<void>((resolve) => slow.once('connect', resolve));
      slow.write('GET /ui/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Ag');

      // Meanwhile the server answers everyone else at once.
      for (let i = 0; i < 3; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const other = await rawRequest(base, '/ui/');
        expect(other.status).toBe(200);
        expect(received).toBe('');
      }

      const end = await closed;
      expect(end - started).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      expect(end - started).toBeLessThan(HEADERS_TIMEOUT_MS + 3000);
      expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(received).toContain('Connection: close\r\n');
      expect(received).toContain('X-Content-Type-Options: nosniff\r\n');
    },
    HEADERS_TIMEOUT_MS + 10_000,
  );

  it('still streams a slow request body (no body timeout)', async () => {
    const client = net.connect(port, '127.0.0.1');
    let received = '';
    client.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    await new Promise<void>((resolve) => client.once('connect', resolve));
    client.write(
      'POST /1.0/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 6\r\nConnection: close\r\n\r\nabc',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    client.write('def');
    await new Promise<void>((resolve) => client.once('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain('{"type":"sync","metadata":{"bytes":6}}');
  });
});

function openWs(localAddress: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/1.0/events`, { localAddress });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => reject(new Error(`${res.statusCode ?? 0} ${body}`)));
    });
    ws.once('error', reject);
  });
}

/** Opens once the server has seen an earlier close (its side of the socket closes a bit later). */
async function openWhenFree(localAddress: string): Promise<WebSocket> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await openWs(localAddress);
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('503')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          ws.once('close', () => resolve());
          ws.terminate();
        }),
    ),
  );
}

describe('open websockets', () => {
  it(`allows ${MAX_WEBSOCKETS_PER_USER} per client, then answers 503 with an LXD error`, async () => {
    const open: WebSocket[] = [];
    for (let i = 0; i < MAX_WEBSOCKETS_PER_USER; i += 1) open.push(await openWs('127.0.0.1'));
    await expect(openWs('127.0.0.1')).rejects.toThrow(
      `503 ${lxdErrorBody(503, TOO_MANY_USER_WEBSOCKETS)}`,
    );
    // Another client is not affected, and a closed socket frees its place.
    const other = await openWs('127.0.0.2');
    await closeAll([other, open.pop() as WebSocket]);
    open.push(await openWhenFree('127.0.0.1'));
    await closeAll(open);
  });

  it(`allows ${MAX_WEBSOCKETS} in all, then answers 503`, async () => {
    const open: WebSocket[] = [];
    for (let client = 0; client < MAX_WEBSOCKETS / MAX_WEBSOCKETS_PER_USER; client += 1) {
      const batch = Array.from({ length: MAX_WEBSOCKETS_PER_USER }, () =>
        openWs(`127.0.1.${client + 1}`),
      );
      open.push(...(await Promise.all(batch)));
    }
    expect(open).toHaveLength(MAX_WEBSOCKETS);
    await expect(openWs('127.0.2.1')).rejects.toThrow(
      `503 ${lxdErrorBody(503, TOO_MANY_WEBSOCKETS)}`,
    );
    // HTTP is still served.
    expect((await rawRequest(base, '/1.0')).status).toBe(200);
    await closeAll(open.splice(0, 1));
    const again = await openWhenFree('127.0.2.1');
    await closeAll([again, ...open]);
  });
});

describe('the websocket counter', () => {
  it('counts per key and in all, and releases once', () => {
    const limits = createWebsocketLimits(3, 2);
    const a1 = limits.acquire('a');
    const a2 = limits.acquire('a');
    expect(limits.acquire('a')).toEqual({ refused: TOO_MANY_USER_WEBSOCKETS });
    const b1 = limits.acquire('b');
    expect(limits.acquire('c')).toEqual({ refused: TOO_MANY_WEBSOCKETS });
    expect(limits.open()).toBe(3);
    if (!('release' in a1) || !('release' in a2) || !('release' in b1)) throw new Error('refused');
    a1.release();
    a1.release();
    expect(limits.open()).toBe(2);
    expect(limits.open('a')).toBe(1);
    expect('release' in limits.acquire('c')).toBe(true);
  });
});
