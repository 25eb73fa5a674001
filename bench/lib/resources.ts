/**
 * What the page fetched before the first row, from Resource Timing: the first screen's bytes
 * (built files sized on disk) and a timeline of the requests.
 */
import { assetKind, type BuildFiles } from './bundle';

export interface TimelineEntry {
  /** 'document', 'DOMContentLoaded', a built file's name or an API path. */
  what: string;
  kind: 'document' | 'event' | 'asset' | 'api';
  start: number;
  end: number;
}

export interface Resource {
  url: string;
  start: number;
  end: number;
  transfer: number;
  encoded: number;
  decoded: number;
}

export function timeline(
  resources: Resource[],
  cutoff: number,
  nav: { responseEnd: number; domContentLoaded: number },
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { what: 'document', kind: 'document', start: 0, end: nav.responseEnd },
    {
      what: 'DOMContentLoaded',
      kind: 'event',
      start: nav.domContentLoaded,
      end: nav.domContentLoaded,
    },
  ];
  for (const r of resources) {
    if (r.start > cutoff) continue;
    const url = new URL(r.url);
    const api = url.pathname.startsWith('/1.0');
    entries.push({
      what: api ? url.pathname + url.search : (url.pathname.split('/').at(-1) ?? url.pathname),
      kind: api ? 'api' : 'asset',
      start: r.start,
      end: r.end,
    });
  }
  return entries.sort((a, b) => a.start - b.start);
}

export function firstScreen(resources: Resource[], cutoff: number, files: BuildFiles) {
  const before = resources.filter((r) => r.start <= cutoff);
  const out = {
    requests: before.length + 1,
    jsRaw: 0,
    jsGzip: 0,
    cssRaw: 0,
    cssGzip: 0,
    otherRaw: 0,
    apiRequests: 0,
    apiBytes: 0,
    jsFiles: [] as string[],
    cssFiles: [] as string[],
  };
  const html = files.size('index.html');
  out.otherRaw += html.raw;
  for (const r of before) {
    const { pathname } = new URL(r.url);
    if (pathname.startsWith('/1.0')) {
      out.apiRequests += 1;
      out.apiBytes += r.encoded;
      continue;
    }
    const rel = files.fileFor(r.url);
    if (!rel) continue;
    const size = files.size(rel);
    const kind = assetKind(rel);
    if (kind === 'js') {
      out.jsRaw += size.raw;
      out.jsGzip += size.gzip;
      out.jsFiles.push(rel);
    } else if (kind === 'css') {
      out.cssRaw += size.raw;
      out.cssGzip += size.gzip;
      out.cssFiles.push(rel);
    } else {
      out.otherRaw += size.raw;
    }
  }
  return out;
}
