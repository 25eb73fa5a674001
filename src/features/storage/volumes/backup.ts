/**
 * Volume backups in the browser: the file name of an export, the volume name an imported file
 * suggests, and the download of an export with progress (streamed from the answer's body).
 */
import { LxdApiError } from '../../../lxd/client';
import { formatBytes } from '../../../shared/format/bytes';
import { resourceNameFromFile } from '../../../shared/validation';

export interface DownloadProgress {
  loaded: number;
  /** 0 when the server did not say. */
  total: number;
}

/** A server-side backup expires after a day if the page is closed before it is cleaned up. */
export const BACKUP_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The backup's name on the server: unique enough for one export at a time. */
export const exportBackupName = (now = Date.now()) => `console-export-${now.toString(36)}`;

/** `data.tar.gz` for volume `data`. */
export const exportFileName = (volume: string) => `${volume.replace(/[/\\]/g, '_')}.tar.gz`;

/** "Downloading… 45% (1.2 MiB of 2.6 MiB)" or, without a total, "Downloading… 1.2 MiB". */
export function downloadText({ loaded, total }: DownloadProgress): string {
  if (total <= 0) return `Downloading… ${formatBytes(loaded)}`;
  const percent = Math.min(100, Math.floor((loaded * 100) / total));
  return `Downloading… ${percent}% (${formatBytes(loaded)} of ${formatBytes(total)})`;
}

/**
 * The volume name a backup file suggests: `data.tar.gz` → `data`, `my vol.tar.xz` →
 * `my-vol` (spec §5: the extension removed, other characters replaced with '-', 63 at most).
 */
export function volumeNameFromBackupFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const stem = base.replace(/\.(tar\.[A-Za-z0-9]+|tgz|txz|tbz2?|tar)$/i, '');
  return resourceNameFromFile(`${stem}.x`);
}

/** GET the export, reading the body in chunks to report progress; LXD's error text on failure. */
export async function downloadWithProgress(
  url: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await fetch(url, signal ? { signal } : {});
  if (!response.ok) {
    let message = response.statusText || `Download failed with status ${response.status}`;
    try {
      const envelope = (await response.json()) as { error?: string };
      if (envelope.error) message = envelope.error;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new LxdApiError(message, response.status);
  }
  const total = Number(response.headers.get('Content-Length') ?? 0) || 0;
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
  return new Blob(chunks, { type: 'application/octet-stream' });
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; release it a little later.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 30_000);
}
