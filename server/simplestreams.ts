/**
 * GET /console/simplestreams?url=<absolute URL>: the image picker's remote image servers, read by
 * the console server for the browser. The page's Content-Security-Policy (connect-src 'self'
 * wss:) lets the browser reach only its own origin, so it cannot ask cloud-images.ubuntu.com or
 * a user's mirror itself. Only simplestreams files (a path ending in streams/v1/<name>.json) over
 * http(s) are fetched, with no cookie or header of the browser's, no redirect to another host,
 * a time limit and a size limit. LXD downloads the chosen image itself, not through here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage } from './errors';
import { crossSiteReason, type GuardOptions } from './guard';
import { lxdErrorBody } from './proxy';
import { SIMPLESTREAMS_PATH } from './routes';

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

export interface SimplestreamsOptions extends GuardOptions {
  /** How long the image server has to answer, and at most between two pieces of its body. */
  timeoutMs?: number;
  maxBytes?: number;
}

const FILE_RE = /(?:^|\/)streams\/v1\/[^/]+\.json$/;

/** The URL to fetch, or why it is refused (one line). */
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
  if (!FILE_RE.test(url.pathname)) {
    return { refused: `${url.pathname} is not a simplestreams file (streams/v1/<name>.json)` };
  }
  url.hash = '';
  return url;
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

/** Why a fetch failed, in the words of the system error when there is one. */
function failureReason(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) {
    const within =
      timeoutMs % 1000 === 0 ? `${String(timeoutMs / 1000)} s` : `${String(timeoutMs)} ms`;
    return `no answer within ${within}`;
  }
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  return cause === undefined ? errorMessage(error) : errorMessage(cause);
}

/** Is the redirect target the same host (and port) as the URL first asked for? */
function sameHost(a: URL, b: URL): boolean {
  return a.hostname === b.hostname && a.port === b.port;
}

export function createSimplestreamsHandler(
  options: SimplestreamsOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const timeoutMs = options.timeoutMs ?? SIMPLESTREAMS_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? SIMPLESTREAMS_MAX_BYTES;
  const tooLarge = `larger than ${bytesText(maxBytes)}`;

  async function relay(req: IncomingMessage, res: ServerResponse, first: URL): Promise<void> {
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
    // The browser gave up (closed the picker): stop asking the image server.
    const onClose = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.once('close', onClose);
    arm();
    try {
      let url = first;
      let response: Response;
      for (let hop = 0; ; hop++) {
        try {
          // A request of its own: none of the browser's headers, cookies or credentials.
          response = await fetch(url, {
            redirect: 'manual',
            signal: controller.signal,
            headers: { Accept: 'application/json' },
          });
        } catch (error) {
          sendError(
            res,
            502,
            `${first.href} does not answer: ${failureReason(error, timedOut, timeoutMs)}`,
          );
          return;
        }
        const location = response.headers.get('location');
        if (response.status < 300 || response.status > 399 || location === null) break;
        await response.body?.cancel();
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          sendError(res, 502, `${first.href} does not answer: a bad redirect (${location})`);
          return;
        }
        if (!sameHost(next, first) || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
          sendError(
            res,
            502,
            `${first.href} does not answer: it redirects to another host (${next.origin}), which the console server does not follow`,
          );
          return;
        }
        if (hop + 1 >= MAX_REDIRECTS) {
          sendError(res, 502, `${first.href} does not answer: too many redirects`);
          return;
        }
        url = next;
      }

      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel();
        sendError(res, 413, `${first.href} is ${tooLarge}`);
        return;
      }
      res.writeHead(response.status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        [SIMPLESTREAMS_HEADER]: 'upstream',
      });
      let sent = 0;
      const reader = response.body?.getReader();
      for (;;) {
        const piece = reader ? await reader.read() : undefined;
        if (!piece || piece.done) break;
        arm();
        sent += piece.value.byteLength;
        if (sent > maxBytes) {
          // The status is sent: cutting the connection is the only way left to say so.
          process.stderr.write(`console server: ${first.href} is ${tooLarge}; cut off\n`);
          controller.abort();
          res.destroy();
          return;
        }
        if (!res.write(piece.value)) {
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
        if (res.destroyed) {
          await reader?.cancel().catch(() => undefined);
          return;
        }
      }
      res.end();
    } catch (error) {
      if (res.destroyed) return;
      sendError(
        res,
        502,
        `${first.href} does not answer: ${failureReason(error, timedOut, timeoutMs)}`,
      );
    } finally {
      clearTimeout(timer);
      res.off('close', onClose);
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
    const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
    const checked = checkSimplestreamsUrl(query.get('url'));
    if ('refused' in checked) {
      sendError(res, 400, `console server: ${checked.refused}`);
      return;
    }
    relay(req, res, checked).catch((error: unknown) => {
      process.stderr.write(`console server: ${SIMPLESTREAMS_PATH}: ${errorMessage(error)}\n`);
      if (!res.headersSent) sendError(res, 500, 'console server: internal error');
      else res.destroy();
    });
  };
}
