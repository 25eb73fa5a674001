/**
 * The answers an instance list's page needs first, put into the page itself: for
 * /ui/project/<p>/instances and /ui/all-projects/instances the console server asks LXD, as the
 * requesting user, for the list's names (recursion=0) while it sends the page, and
 * index.html's early script takes them from a JSON data block instead of asking again (one round
 * trip fewer before the first rows, and one of the browser's six connections stays free for the
 * code). /1.0 is not embedded: it is small, and the page's own request for it is what e2e specs
 * that stand in for an LXD 6 server intercept in the browser. An answer that is not a 200 within EARLY_DATA_TIMEOUT_MS is left out: the page asks
 * for it itself, as it does when LXD serves the console (LXD_UI).
 */
import type { IncomingHttpHeaders } from 'node:http';

/** The id of the data block index.html reads (see its first script). */
export const EARLY_DATA_ID = 'lxd-early-data';
/** How long the page waits for LXD's answers before it goes out without them. */
export const EARLY_DATA_TIMEOUT_MS = 150;
/** Answers larger than this are left to the page (a list of ~100,000 names). */
export const EARLY_DATA_MAX_BYTES = 4_000_000;

/** One embedded answer: what index.html turns back into a Response. */
export interface EarlyAnswer {
  body: string;
  etag?: string;
}

const ONE_PROJECT = /^\/ui\/project\/([^/]+)\/instances\/?$/;
const ALL_PROJECTS = /^\/ui\/all-projects\/instances\/?$/;

/**
 * The LXD URLs to embed in the page at this request target, written exactly as index.html
 * writes them (URLSearchParams, same key order); none for other pages.
 */
export function earlyDataUrls(target: string): string[] {
  const q = target.indexOf('?');
  const rawPath = q === -1 ? target : target.slice(0, q);
  const one = ONE_PROJECT.exec(rawPath);
  let names: string;
  if (one?.[1] !== undefined) {
    let project: string;
    try {
      project = decodeURIComponent(one[1]);
    } catch {
      return [];
    }
    names = `/1.0/instances?${new URLSearchParams({ project, recursion: '0' }).toString()}`;
  } else if (ALL_PROJECTS.test(rawPath)) {
    names = `/1.0/instances?${new URLSearchParams({ recursion: '0', 'all-projects': 'true' }).toString()}`;
  } else {
    return [];
  }
  return [names];
}

const REMOTE_PAGE = /^\/ui\/remote\/([^/?]+)(\/[^?]*)?(\?.*)?$/;

/**
 * A page of another remote, /ui/remote/<name>/…: the remote's name (decoded) and the page's
 * target as the default remote's page would have it (/ui/…), whose rules then apply; the
 * answers are embedded under the URLs the page asks through, /remote/<name>/1.0/… .
 */
export function remotePage(target: string): { remote: string; target: string } | undefined {
  const match = REMOTE_PAGE.exec(target);
  if (match?.[1] === undefined) return undefined;
  try {
    return {
      remote: decodeURIComponent(match[1]),
      target: `/ui${match[2] ?? '/'}${match[3] ?? ''}`,
    };
  } catch {
    return undefined;
  }
}

/** The answer kept from LXD's response, or undefined for anything but a JSON 200. */
export function earlyAnswer(
  status: number | undefined,
  headers: IncomingHttpHeaders,
  body: string,
): EarlyAnswer | undefined {
  if (status !== 200) return undefined;
  if (!(headers['content-type'] ?? '').includes('application/json')) return undefined;
  const etag = headers.etag;
  return typeof etag === 'string' ? { body, etag } : { body };
}

/**
 * The data block for these answers (undefined when there is none). `<` is escaped so that no
 * text in LXD's answer (a description with "</script>") can end the block.
 */
export function earlyDataBlock(answers: Record<string, EarlyAnswer>): string | undefined {
  if (Object.keys(answers).length === 0) return undefined;
  const json = JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${EARLY_DATA_ID}">${json}</script>`;
}

/** The page with the block just before its first script (which reads it). */
export function withEarlyData(page: string, block: string): string {
  const at = page.indexOf('<script');
  return at === -1 ? page : `${page.slice(0, at)}${block}\n    ${page.slice(at)}`;
}
