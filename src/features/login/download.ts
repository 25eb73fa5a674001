import { saveBlob } from '../../shared/ui/save-file';

/** Offers bytes as a file download. */
export function downloadFile(contents: BlobPart, fileName: string, type: string): void {
  saveBlob(new Blob([contents], { type }), fileName);
}

/** `lxd-ui-<hostname>.<extension>`, with characters a file system may refuse replaced. */
export function certificateFileName(hostname: string, extension: 'pfx' | 'crt'): string {
  const safe = hostname.replace(/[^A-Za-z0-9.-]/g, '-') || 'localhost';
  return `lxd-ui-${safe}.${extension}`;
}
