/**
 * Downloads from LXD with progress (instance and volume backup exports): the answer's body read
 * in chunks so that bytes received (and the total, when LXD sends Content-Length) can be shown;
 * LXD's error text on failure. The sibling of ./upload.ts.
 */
import { LxdApiError } from './client';

export interface DownloadProgress {
  loaded: number;
  /** 0 when the server did not say. */
  total: number;
}

/** "45%" when the total is known. */
export function progressPercent({ loaded, total }: DownloadProgress): number | undefined {
  if (total <= 0) return undefined;
  return Math.min(100, Math.floor((loaded * 100) / total));
}

/**
 * GET `url` as a Blob, reporting progress. The Blob's type is the answer's Content-Type (a
 * multipart answer can be read back with `new Response(blob, …).formData()`); `onHeaders` sees
 * the answer's headers (Content-Disposition) before the body is read.
 */
export async function downloadWithProgress(
  url: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
  onHeaders?: (headers: Headers) => void,
): Promise<Blob> {
  const init: RequestInit = signal ? { signal } : {};
  const response = await fetch(url, init);
  if (!response.ok) {
    let message = response.statusText || `Download failed with status ${response.status}`;
    try {
      const envelope = (await response.json()) as { error?: string };
      if (envelope.error) message = envelope.error;
    } catch {
      // not JSON
    }
    throw new LxdApiError(message, response.status);
  }
  onHeaders?.(response.headers);
  const total = Number(response.headers.get('Content-Length') ?? 0) || 0;
  const type = response.headers.get('Content-Type') || 'application/octet-stream';
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ loaded: blob.size, total: blob.size });
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return new Blob(chunks, { type });
}
