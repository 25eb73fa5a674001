/**
 * GET /console/simplestreams?url=<absolute URL>: the image picker's remote image servers, read by
 * the console server for the browser. The page's Content-Security-Policy (connect-src 'self')
 * lets the browser reach only its own origin, so it cannot ask cloud-images.ubuntu.com or a
 * user's mirror itself. Only simplestreams files (a path ending in streams/v1/<name>.json, no
 * query string) over http(s) are fetched, with no cookie or header of the browser's, never from
 * an internal address (server/simplestreams-net.ts: loopback, private, link-local, metadata
 * services … unless `--simplestreams-allow` names it), with a time limit and a size limit.
 * A redirect is followed only on the same host, never from https to http, and only to a URL that
 * passes the same checks. Every refusal and failure past the URL's shape answers the same
 * message, so the endpoint tells nothing about what listens where; the detail goes to stderr.
 * LXD downloads the chosen image itself, not through here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage } from './errors';
import { crossSiteReason, type GuardOptions } from './guard';
import { lxdErrorBody } from './proxy';
import { SIMPLESTREAMS_PATH } from './routes';
import {
  checkTarget,
  getAt,
  parseAllowList,
  systemResolver,
  type Resolver,
} from './simplestreams-net';

export { SIMPLESTREAMS_PATH };

/**
 * Set on every answer of this endpoint: `upstream` when the status and body are the image
 * server's, `console` when the console server answers itself (an LXD-shaped error). The browser
 * tells from its absence that no console server is there (LXD serving the console answers 404).
 */
export const SIMPLESTREAMS_HEADER = 'X-Lxd-Console-Simplestreams';

export const SIMPLESTREAMS_TIMEOUT_MS = 20_000;
export const SIMPLESTREAMS_MAX_BYTES = 64 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/** The answer (502) to every refused address or redirect and every failure to connect. */
export const UNREACHABLE =
  'console server: the image server could not be reached, or its address is not allowed';

/** The answer (400) to a URL that is not one of a simplestreams file. */
export const NOT_SIMPLESTREAMS =
  'console server: only http and https URLs of simplestreams files (…/streams/v1/<name>.json, with no user name, password or query string) are fetched';

export interface SimplestreamsOptions extends GuardOptions {
  /** How long the image server has to answer, and at most between two pieces of its body. */
  timeoutMs?: number;
  maxBytes?: number;
  /**
   * Internal addresses that may be asked all the same: `ADDRESS` or `ADDRESS:PORT`
   * (`--simplestreams-allow`; the tests allow their image servers on 127.0.0.1 this way).
   */
  allow?: readonly string[];
  /** Host name resolution (default: dns.lookup with all: true). For tests. */
  resolve?: Resolver;
  /** Extra trusted CA (PEM) for https image servers. For tests. */
  ca?: string;
  /** Where the detail of a refusal or failure goes, one line per request (default: stderr). */
  log?: (line: string) => void;
}

const FILE_RE = /(?:^|\/)streams\/v1\/[^/]+\.json$/;

/** Is the path one of a simplestreams file, also once decoded (no %2F, %3F, %5C, %00 tricks)? */
function isSimplestreamsPath(pathname: string): boolean {
  if (!FILE_RE.test(pathname)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return (
    FILE_RE.test(decoded) &&
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a path may not hold
    !/[?#\\\u0000-\u001f\u007f]/.test(decoded) &&
    !decoded.split('/').some((segment) => segment === '.' || segment === '..') &&
    !/%(?:2f|5c|3f|23|25|00)/i.test(pathname)
  );
}

/** The URL to fetch, or why it is refused (one line, for the server's log). */
export function checkSimplestreamsUrl(raw: string | null): URL | { refused: string } {
  if (raw === null || raw === '') return { refused: 'the url parameter is missing' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: `${raw} is not an absolute URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { refused: `${url.protocol} URLs are not fetched; only http and https` };
  }
  if (url.username !== '' || url.password !== '') {
    return { refused: 'URLs with a user name or password are not fetched' };
  }
  if (url.search !== '') return { refused: 'URLs with a query string are not fetched' };
  if (!isSimplestreamsPath(url.pathname)) {
    return { refused: `${url.pathname} is not a simplestreams file (streams/v1/<name>.json)` };
  }
  url.hash = '';
  return url;
}

/** Why a redirect from `current` to `next` is not followed (the first URL asked was `first`). */
export function redirectRefusal(first: URL, current: URL, next: URL): string | undefined {
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    return `it redirects to a ${next.protocol} URL`;
  }
  if (current.protocol === 'https:' && next.protocol === 'http:') {
    return 'it redirects from https to http';
  }
  // The same host name and port as asked first (http → https on the default ports included).
  if (next.hostname !== first.hostname || next.port !== first.port) {
    return `it redirects to another host (${next.host})`;
  }
  const checked = checkSimplestreamsUrl(next.href);
  return 'refused' in checked
    ? `it redirects to a URL that is refused: ${checked.refused}`
    : undefined;
}

function sendError(res: ServerResponse, code: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = lxdErrorBody(code, message);
  res.writeHead(code, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    [SIMPLESTREAMS_HEADER]: 'console',
  });
  res.end(body);
}

const MB = 1024 * 1024;

function bytesText(bytes: number): string {
  return bytes % MB === 0 ? `${String(bytes / MB)} MB` : `${String(bytes)} bytes`;
}

function durationText(ms: number): string {
  return ms % 1000 === 0 ? `${String(ms / 1000)} s` : `${String(ms)} ms`;
}

/** Why a fetch failed, in the words of the system error when there is one (for the log). */
function failureDetail(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `no answer within ${durationText(timeoutMs)}`;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? `${errorMessage(error)} (${code})` : errorMessage(error);
}

/** Waits for `promise`, or rejects as soon as the signal aborts. */
function untilAborted<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function createSimplestreamsHandler(
  options: SimplestreamsOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const timeoutMs = options.timeoutMs ?? SIMPLESTREAMS_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? SIMPLESTREAMS_MAX_BYTES;
  const tooLarge = `larger than ${bytesText(maxBytes)}`;
  const allow = parseAllowList(options.allow ?? []);
  const resolve = options.resolve ?? systemResolver;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));

  /** The response of the image server, redirects followed, or why it is not asked (for the log). */
  async function ask(
    first: URL,
    signal: AbortSignal,
  ): Promise<IncomingMessage | { failed: string }> {
    let url = first;
    for (let hop = 0; ; hop++) {
      const target = await untilAborted(signal, checkTarget(url, resolve, allow));
      if ('refused' in target) return { failed: target.refused };
      // A request of its own: none of the browser's headers, cookies or credentials.
      const response = await getAt(url, target.addresses, { signal, ca: options.ca });
      const location = response.headers.location;
      const status = response.statusCode ?? 0;
      if (status < 300 || status > 399 || location === undefined) return response;
      response.destroy();
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return { failed: `a bad redirect (${location})` };
      }
      const refused = redirectRefusal(first, url, next);
      if (refused !== undefined) return { failed: `${refused}; not followed` };
      if (hop + 1 >= MAX_REDIRECTS) return { failed: 'too many redirects' };
      url = next;
    }
  }

  async function relay(res: ServerResponse, first: URL): Promise<void> {
    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    // One line of detail per request at most; the browser gets the same message every time.
    const failed = (detail: string): void => {
      log(`console server: ${SIMPLESTREAMS_PATH} ${first.href}: ${detail}`);
      sendError(res, 502, UNREACHABLE);
    };
    // The browser gave up (closed the picker): stop asking the image server.
    const onClose = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.once('close', onClose);
    arm();
    let response: IncomingMessage | undefined;
    try {
      let asked: IncomingMessage | { failed: string };
      try {
        asked = await ask(first, controller.signal);
      } catch (error) {
        if (!res.destroyed) failed(failureDetail(error, timedOut, timeoutMs));
        return;
      }
      if ('failed' in asked) {
        failed(asked.failed);
        return;
      }
      response = asked;
      const declared = Number(response.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        sendError(res, 413, `${first.href} is ${tooLarge}`);
        return;
      }
      res.writeHead(response.statusCode ?? 502, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        [SIMPLESTREAMS_HEADER]: 'upstream',
      });
      let sent = 0;
      for await (const piece of response as AsyncIterable<Buffer>) {
        arm();
        sent += piece.byteLength;
        if (sent > maxBytes) {
          // The status is sent: cutting the connection is the only way left to say so.
          log(`console server: ${SIMPLESTREAMS_PATH} ${first.href} is ${tooLarge}; cut off`);
          res.destroy();
          return;
        }
        if (!res.write(piece)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              res.off('drain', done);
              res.off('close', done);
              resolve();
            };
            res.on('drain', done);
            res.on('close', done);
          });
        }
        if (res.destroyed) return;
      }
      res.end();
    } catch (error) {
      if (res.destroyed) return;
      if (res.headersSent) {
        log(
          `console server: ${SIMPLESTREAMS_PATH} ${first.href}: ${failureDetail(error, timedOut, timeoutMs)}`,
        );
        res.destroy();
      } else failed(failureDetail(error, timedOut, timeoutMs));
    } finally {
      clearTimeout(timer);
      res.off('close', onClose);
      response?.destroy();
    }
  }

  return (req, res) => {
    if (req.method !== 'GET') {
      res.setHeader('Allow', 'GET');
      sendError(res, 405, 'console server: only GET is allowed here');
      return;
    }
    const refusedSite = crossSiteReason(req, options);
    if (refusedSite !== undefined) {
      sendError(res, 403, `console server: ${refusedSite}`);
      return;
    }
    const query = new URL(req.url ?? '/', 'http://console.invalid').searchParams;
    const raw = query.get('url');
    if (raw === null || raw === '') {
      sendError(res, 400, 'console server: the url parameter is missing');
      return;
    }
    const checked = checkSimplestreamsUrl(raw);
    if ('refused' in checked) {
      sendError(res, 400, NOT_SIMPLESTREAMS);
      return;
    }
    relay(res, checked).catch((error: unknown) => {
      log(`console server: ${SIMPLESTREAMS_PATH}: ${errorMessage(error)}`);
      if (!res.headersSent) sendError(res, 500, 'console server: internal error');
      else res.destroy();
    });
  };
}
