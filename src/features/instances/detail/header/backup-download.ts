/**
 * Downloads an exported backup with progress: GET …/backups/{name}/export streamed in chunks so
 * that bytes received (and the total, when LXD sends Content-Length) can be shown.
 */
import { LxdApiError } from '../../../../lxd/client';

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

/** The file name from Content-Disposition, else a default. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[/\\]/g, '_') : '';
  return name || fallback;
}

export async function downloadWithProgress(
  url: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string | undefined }> {
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
  const total = Number(response.headers.get('Content-Length') ?? 0) || 0;
  const disposition = response.headers.get('Content-Disposition');
  const fileName = disposition ? fileNameFrom(disposition, '') || undefined : undefined;
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ loaded: blob.size, total: blob.size });
    return { blob, fileName };
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
  return { blob: new Blob(chunks), fileName };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
