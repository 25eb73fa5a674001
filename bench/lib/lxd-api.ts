/**
 * A small LXD API client for the benchmark's setup: requests over the daemon's unix socket (as
 * root, so trusted), waiting for operations; plus timing of one list call over HTTPS with the
 * admin certificate (what a browser's request costs the server, without the console).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';

interface Envelope {
  type?: string;
  error?: string;
  operation?: string;
  metadata?: unknown;
}

interface Operation {
  status?: string;
  err?: string;
}

export class BenchApiError extends Error {
  override name = 'BenchApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export class UnixApi {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  constructor(readonly socket: string) {}

  close(): void {
    this.agent.destroy();
  }

  /** One request; resolves with the envelope, rejects with LXD's error text on a failure. */
  call(method: string, path: string, body?: unknown): Promise<Envelope> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          socketPath: this.socket,
          agent: this.agent,
          method,
          path,
          headers: payload
            ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }
            : {},
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            let envelope: Envelope;
            try {
              envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope;
            } catch {
              reject(new BenchApiError(`${method} ${path}: HTTP ${status}, not JSON`, status));
              return;
            }
            if (status >= 400 || envelope.type === 'error') {
              const why = envelope.error ?? `HTTP ${status}`;
              reject(new BenchApiError(`${method} ${path}: ${why}`, status));
              return;
            }
            resolve(envelope);
          });
          res.on('error', reject);
        },
      );
      req.on('error', (error) => {
        reject(new BenchApiError(`${method} ${path}: ${error.message}`, 0));
      });
      req.end(payload);
    });
  }

  async get<T>(path: string): Promise<T> {
    return (await this.call('GET', path)).metadata as T;
  }

  /** A call whose operation (if any) is waited for; rejects when the operation fails. */
  async run(method: string, path: string, body?: unknown): Promise<void> {
    const envelope = await this.call(method, path, body);
    if (envelope.type !== 'async' || !envelope.operation) return;
    const op = await this.get<Operation>(`${envelope.operation}/wait?timeout=300`);
    if (op.status !== 'Success') {
      throw new BenchApiError(`${method} ${path}: ${op.status ?? '?'}: ${op.err ?? ''}`, 0);
    }
  }
}

export interface TimedCall {
  ms: number;
  bytes: number;
}

/** Times GET requests over HTTPS with a client certificate, on one kept-alive connection. */
export class HttpsTimer {
  private readonly agent: https.Agent;

  constructor(
    private readonly baseUrl: string,
    cert: string,
    key: string,
  ) {
    this.agent = new https.Agent({
      keepAlive: true,
      maxSockets: 1,
      cert: readFileSync(cert),
      key: readFileSync(key),
      rejectUnauthorized: false,
    });
  }

  close(): void {
    this.agent.destroy();
  }

  get(path: string): Promise<TimedCall> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = https.get(new URL(path, this.baseUrl), { agent: this.agent }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 400) {
            reject(new BenchApiError(`GET ${path}: HTTP ${res.statusCode ?? 0}`, 0));
            return;
          }
          resolve({ ms: performance.now() - started, bytes });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  }
}

/** Runs `work` over `items` with at most `limit` in flight; resolves when all are done. */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
