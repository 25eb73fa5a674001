/** Offers bytes as a file: a Blob behind an object URL, clicked through an `<a download>`. */
export function downloadFile(contents: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
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

/** `lxd-ui-<hostname>.<extension>`, with characters a file system may refuse replaced. */
export function certificateFileName(hostname: string, extension: 'pfx' | 'crt'): string {
  const safe = hostname.replace(/[^A-Za-z0-9.-]/g, '-') || 'localhost';
  return `lxd-ui-${safe}.${extension}`;
}
