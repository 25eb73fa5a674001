/**
 * The one binary upload to LXD: a POST sent with XMLHttpRequest (fetch cannot report upload
 * progress), with progress reports, abort through an AbortSignal and LXD's error envelope read
 * on failure. Image, volume backup and ISO uploads are thin wrappers over it.
 */
import { LxdApiError, type LxdEnvelope } from './client';
import { operationId } from './operations';
import { withServerTwins } from './server-headers';

/** Upload progress as shown to the user: whole percent, bytes sent, bytes in all. */
export interface UploadProgress {
  percentage: number;
  loaded: number;
  total: number;
}

/** The progress report for `loaded` of `total` bytes: floor of the percentage, 0 to 100. */
export function uploadProgress(loaded: number, total: number): UploadProgress {
  const safeTotal = Math.max(0, total);
  const safeLoaded = Math.min(Math.max(0, loaded), safeTotal);
  const percentage = safeTotal > 0 ? Math.floor((safeLoaded * 100) / safeTotal) : 0;
  return { percentage, loaded: safeLoaded, total: safeTotal };
}

/** The part of XMLHttpRequest an upload uses (a fake stands in for it in tests). */
export interface UploadXhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob | FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  readonly upload: Pick<XMLHttpRequestUpload, 'addEventListener'>;
  addEventListener(type: 'load' | 'error' | 'abort', listener: () => void): void;
}

/** Header values must be Latin-1 printable text. */
export const isHeaderSafe = (value: string) => /^[\x20-\x7e]+$/.test(value);

/** The error an aborted upload rejects with. */
export function uploadAbortError(): Error {
  return new DOMException('The upload was cancelled', 'AbortError');
}

export interface XhrUploadOptions {
  url: string;
  body: Blob | FormData;
  /** Bytes in the body, the total progress is reported against. */
  size: number;
  /** Set in this order. */
  headers: Record<string, string>;
  /**
   * Whether a progress event's own total (when computable) replaces `size` as the total;
   * otherwise progress is always reported against `size`. Default true.
   */
  eventTotal?: boolean | undefined;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Aborting it aborts the upload (xhr.abort()); the promise rejects with an AbortError. */
  signal?: AbortSignal | undefined;
  createXhr?: (() => UploadXhr) | undefined;
}

/** What a successful (2xx) upload answered: LXD's envelope fields, if any could be read. */
export interface XhrUploadAnswer {
  type: LxdEnvelope<unknown>['type'] | undefined;
  operation: string | undefined;
  metadata: unknown;
}

/**
 * POSTs `body` to `url` with XMLHttpRequest. A status outside 200–299 rejects with LXD's
 * `error` text (LxdApiError); a lost connection rejects with an LxdApiError of status 0; an
 * abort rejects with an AbortError.
 */
export function xhrUpload(options: XhrUploadOptions): Promise<XhrUploadAnswer> {
  const { url, body, size, headers, onProgress, signal } = options;
  const eventTotal = options.eventTotal ?? true;
  return new Promise<XhrUploadAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(uploadAbortError());
      return;
    }
    const xhr = options.createXhr?.() ?? new XMLHttpRequest();
    let lastTotal = size;
    const report = (loaded: number, total: number) => {
      if (total > 0) lastTotal = total;
      onProgress?.(uploadProgress(loaded, lastTotal));
    };
    const onAbort = () => {
      xhr.abort();
    };
    const cleanup = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      report(event.loaded, eventTotal && event.lengthComputable ? event.total : size);
    });
    xhr.upload.addEventListener('load', () => {
      report(lastTotal, lastTotal);
    });
    xhr.addEventListener('load', () => {
      cleanup();
      let envelope: Partial<LxdEnvelope<unknown>> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as Partial<LxdEnvelope<unknown>>;
      } catch {
        envelope = undefined;
      }
      if (xhr.status < 200 || xhr.status > 299) {
        const message = envelope?.error ?? `Upload failed with status ${xhr.status}`;
        reject(new LxdApiError(message, xhr.status, envelope?.error_code));
        return;
      }
      resolve({
        type: envelope?.type,
        operation: envelope?.operation,
        metadata: envelope?.metadata,
      });
    });
    xhr.addEventListener('error', () => {
      cleanup();
      reject(new LxdApiError('The upload failed: the connection to the server was lost', 0));
    });
    xhr.addEventListener('abort', () => {
      cleanup();
      reject(uploadAbortError());
    });
    signal?.addEventListener('abort', onAbort);

    xhr.open('POST', url);
    for (const [name, value] of Object.entries(withServerTwins(headers))) {
      xhr.setRequestHeader(name, value);
    }
    report(0, size);
    xhr.send(body);
  });
}

/** What a caller of a named file upload passes through: progress, abort, and a fake XHR. */
export interface NamedUploadIo {
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Aborting it aborts the upload (xhr.abort()). */
  signal?: AbortSignal | undefined;
  createXhr?: (() => UploadXhr) | undefined;
}

/**
 * POSTs `file` to `url` as an application/octet-stream body named by `X-LXD-name` (the new
 * volume's or instance's name, which must be plain text), followed by `extraHeaders`; resolves
 * with the id of the operation LXD answers with.
 */
export async function uploadNamedFile(
  url: string,
  file: Blob,
  name: { value: string; noun: string },
  extraHeaders: Record<string, string>,
  io: NamedUploadIo,
): Promise<string> {
  if (io.signal?.aborted) throw uploadAbortError();
  if (!isHeaderSafe(name.value)) throw new Error(`The ${name.noun} name must be plain text`);
  const answer = await xhrUpload({
    url,
    body: file,
    size: file.size,
    headers: {
      'Content-Type': 'application/octet-stream',
      'X-LXD-name': name.value,
      ...extraHeaders,
    },
    onProgress: io.onProgress,
    signal: io.signal,
    createXhr: io.createXhr,
  });
  return operationId(answer);
}
