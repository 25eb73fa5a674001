/**
 * The typed LXD REST client. No React here: every feature reaches LXD through `request`.
 *
 * Rules (spec §7, §9): URLs are relative `/1.0/...` (on a console server's named remote
 * `/remote/{name}/1.0/...`, see ./remote.ts); optional `project`, `target` and
 * `recursion` parameters; JSON bodies with an explicit Content-Type (newer LXD answers 415
 * without it); the answer's `metadata` is the payload; success is HTTP 200–299; anything else
 * throws an `LxdApiError` whose message is the answer's `error` field; the ETag of a GET is
 * returned so that a later PUT can send it as `If-Match`; requests have no timeout.
 */
import { recordChange } from './changes';
import { takeEarlyResponse } from './early';
import { currentRemote, remotePath } from './remote';
import { addServerTwins } from './server-headers';

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  project?: string | undefined;
  target?: string | undefined;
  recursion?: number | undefined;
  /** Further query parameters; undefined and null values are left out. */
  params?: Record<string, QueryValue> | undefined;
  /** A JSON body (serialised here) or a binary body (sent as application/octet-stream). */
  body?: unknown;
  /** Sent as If-Match (the ETag read by an earlier GET). */
  etag?: string | undefined;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  /**
   * The remote to ask, by name (screens that read several remotes at once); undefined is the
   * page's remote, null the console server's default remote.
   */
  remote?: string | null | undefined;
}

/** The envelope LXD wraps every answer in. */
export interface LxdEnvelope<T> {
  type: 'sync' | 'async' | 'error';
  status?: string;
  status_code?: number;
  operation?: string;
  error_code?: number;
  error?: string;
  metadata: T;
}

export interface LxdResult<T> {
  /** The answer's `metadata` field. */
  metadata: T;
  /** The ETag header of the answer, when LXD sent one. */
  etag: string | undefined;
  type: LxdEnvelope<T>['type'];
  /** `/1.0/operations/<id>` for asynchronous answers. */
  operation: string | undefined;
  /** HTTP status code. */
  status: number;
}

export class LxdApiError extends Error {
  override readonly name = 'LxdApiError';
  constructor(
    message: string,
    /** HTTP status code of the answer (0 when the request never got one). */
    readonly status: number,
    /** LXD's own error code from the body, when present. */
    readonly errorCode?: number,
  ) {
    super(message);
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof LxdApiError && error.status === 404;
}

/**
 * Builds `/1.0/...?project=...&target=...&recursion=...` with stable parameter order, on the
 * page's remote or the one `options.remote` names (`/remote/{name}/1.0/...`).
 */
export function buildUrl(path: string, options: RequestOptions = {}): string {
  const [base = '', existing] = path.split('?', 2);
  const url = remotePath(base, options.remote);
  const query = new URLSearchParams(existing);
  const add = (key: string, value: QueryValue) => {
    if (value === undefined || value === null) return;
    query.set(key, String(value));
  };
  add('project', options.project);
  add('target', options.target);
  add('recursion', options.recursion);
  for (const [key, value] of Object.entries(options.params ?? {})) add(key, value);
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

function isBinary(body: unknown): body is Blob | ArrayBuffer | ArrayBufferView | ReadableStream {
  return (
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (isBinary(body)) {
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/octet-stream');
    return body as BodyInit;
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readEnvelope<T>(response: Response): Promise<Partial<LxdEnvelope<T>> | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Partial<LxdEnvelope<T>>;
  } catch {
    return undefined;
  }
}

/** Sends one request to LXD and returns its envelope's payload with the answer's metadata. */
export async function request<T>(
  path: string,
  options: RequestOptions = {},
): Promise<LxdResult<T>> {
  const headers = new Headers(options.headers);
  addServerTwins(headers);
  if (options.etag) headers.set('If-Match', options.etag);
  const body = encodeBody(options.body, headers);
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (body !== undefined) init.body = body;
  if (options.signal) init.signal = options.signal;
  if (typeof ReadableStream !== 'undefined' && options.body instanceof ReadableStream) {
    // Streaming uploads need half duplex in the fetch standard.
    (init as RequestInit & { duplex: 'half' }).duplex = 'half';
  }
  const url = buildUrl(path, options);
  const early = init.method === 'GET' && !options.headers ? takeEarlyResponse(url) : undefined;
  if (early) {
    try {
      return await readResult<T>(await early);
    } catch {
      // Started before sign-in, or the network dropped: ask again.
    }
  }
  if (init.method === 'GET' || init.method === 'HEAD') return readResult<T>(await fetch(url, init));
  // A change: kept for the "equivalent command" (./changes.ts).
  const settle = recordChange({
    method: init.method ?? 'GET',
    path: buildUrl(path, { ...options, remote: null }),
    remote: options.remote === undefined ? currentRemote() : options.remote,
    body: options.body,
    binary: isBinary(options.body),
  });
  try {
    const result = await readResult<T>(await fetch(url, init));
    settle('succeeded');
    return result;
  } catch (error) {
    settle('failed', error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** An answer's payload and metadata; a status outside 200–299 throws with LXD's `error` text. */
export async function readResult<T>(response: Response): Promise<LxdResult<T>> {
  const envelope = await readEnvelope<T>(response);
  if (response.status < 200 || response.status > 299) {
    const message =
      envelope?.error ?? (response.statusText || `Request failed with status ${response.status}`);
    throw new LxdApiError(message, response.status, envelope?.error_code);
  }
  return {
    metadata: envelope?.metadata as T,
    etag: response.headers.get('ETag') ?? undefined,
    type: envelope?.type ?? 'sync',
    operation: envelope?.operation || undefined,
    status: response.status,
  };
}

/** GET and return the payload only. */
export async function get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return (await request<T>(path, options)).metadata;
}

/** A payload together with the ETag it was read with, for later `If-Match` writes. */
export type WithEtag<T> = T & { etag?: string | undefined };

/** GET an object and keep its ETag beside its fields. */
export async function getWithEtag<T extends object>(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<WithEtag<T>> {
  const result = await request<T>(path, options);
  return { ...result.metadata, etag: result.etag };
}

/** PUT a whole object with the ETag it was read with; a changed object answers 412. */
export async function put<T = unknown>(
  path: string,
  body: unknown,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
) {
  return request<T>(path, { ...options, method: 'PUT', body });
}

export async function post<T = unknown>(
  path: string,
  body: unknown,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
) {
  return request<T>(path, { ...options, method: 'POST', body });
}

export async function patch<T = unknown>(
  path: string,
  body: unknown,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
) {
  return request<T>(path, { ...options, method: 'PATCH', body });
}

export async function del<T = unknown>(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
) {
  return request<T>(path, { ...options, method: 'DELETE' });
}

/** True when a conflict answer means the object changed since it was read. */
export function isEtagConflict(error: unknown): boolean {
  return error instanceof LxdApiError && error.status === 412;
}

/** A text answer (console log, log files): LXD sends raw text, not a JSON envelope. */
export async function getText(path: string, options: RequestOptions = {}): Promise<string> {
  const init: RequestInit = {};
  if (options.signal) init.signal = options.signal;
  const response = await fetch(buildUrl(path, options), init);
  const text = await response.text();
  if (response.ok) return text;
  let message = response.statusText || `Request failed with status ${response.status}`;
  try {
    const envelope = JSON.parse(text) as { error?: string };
    if (envelope.error) message = envelope.error;
  } catch {
    // not JSON: keep the status text
  }
  throw new LxdApiError(message, response.status);
}
