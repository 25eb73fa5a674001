/**
 * Downloading an image (spec §7): LXD streams a unified image as one file, named in its
 * Content-Disposition, and a split image as multipart/form-data with a metadata and a rootfs
 * part, each with its own file name; every file is handed to the browser.
 */
import { downloadWithProgress, type DownloadProgress } from '../../lxd/download';
import { imageExportUrl } from '../../lxd/endpoints/images';
import { saveBlob } from '../../shared/ui/save-file';

/** `inline;filename=abc.tar.gz` → `abc.tar.gz`; undefined without a usable name. */
export function dispositionFileName(header: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  const name = match?.[1]?.trim();
  if (!name) return undefined;
  const base = decodeURIComponent(name).split(/[/\\]/).pop();
  return base || undefined;
}

/** The files of an export answer: its parts when multipart, else the one file. */
export async function exportFiles(
  blob: Blob,
  fallbackName: string,
): Promise<{ blob: Blob; name: string }[]> {
  if (!blob.type.toLowerCase().startsWith('multipart/form-data')) {
    return [{ blob, name: fallbackName }];
  }
  const form = await new Response(await blob.arrayBuffer(), {
    headers: { 'Content-Type': blob.type },
  }).formData();
  const files: { blob: Blob; name: string }[] = [];
  form.forEach((value, key) => {
    if (typeof value === 'string') return;
    files.push({ blob: value, name: value.name || `${fallbackName}.${key}` });
  });
  return files;
}

/** Downloads the image's file(s) and saves each; resolves with the names saved. */
export async function downloadImage(
  fingerprint: string,
  project: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<string[]> {
  let name = fingerprint;
  const blob = await downloadWithProgress(
    imageExportUrl(fingerprint, project),
    onProgress,
    signal,
    (headers) => {
      name = dispositionFileName(headers.get('Content-Disposition')) ?? fingerprint;
    },
  );
  const files = await exportFiles(blob, name);
  for (const file of files) saveBlob(file.blob, file.name);
  return files.map((file) => file.name);
}
