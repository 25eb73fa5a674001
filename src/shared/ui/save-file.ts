/** Hands a blob to the browser as a file download: an object URL clicked through `<a download>`. */
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
