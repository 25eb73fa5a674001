/**
 * The name at the end of an LXD resource URL ("/1.0/instances/c%201?project=p" → "c 1"), and the
 * names of a recursion=0 list. Plain functions: the console server uses them too (see
 * .dependency-cruiser.cjs, server-not-src).
 */
export function urlName(url: string): string {
  return decodeURIComponent(url.split('?')[0]?.split('/').pop() ?? '');
}

/** The names of a list of URLs, empty ones (a trailing slash) left out. */
export function urlNames(urls: readonly string[] | null | undefined): string[] {
  return (urls ?? []).map(urlName).filter((name) => name !== '');
}
