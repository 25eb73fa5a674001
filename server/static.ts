/**
 * Serves the built console from one directory: files as they are, index.html for every other
 * path under /ui/ (the SPA's deep links), but never a file outside the directory.
 */
import { createReadStream, readFileSync, type Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { withEarlyData } from './early-data';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** Vite puts content-hashed files under assets/: they never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Headers of every console-server response (pages, files, errors, the proxy's answers, the login
 * page): no Referer leaves a console page, and no answer is sniffed into another type.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/** The same, as header lines of a response written straight to a socket. */
export const SECURITY_HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/** Browsers ignore frame-ancestors in a meta element: the server sends it as a header. */
export const FRAME_ANCESTORS = "frame-ancestors 'none'";

const CSP_META_RE = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i;

/**
 * The Content-Security-Policy header of a console page: the policy index.html carries in its
 * meta element (written at build time by scripts/vite-csp.ts), plus frame-ancestors.
 */
export function pageCsp(indexHtml: string): string {
  const policy = CSP_META_RE.exec(indexHtml)?.[1]?.trim();
  return policy ? `${policy}; ${FRAME_ANCESTORS}` : FRAME_ANCESTORS;
}

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

export function contentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function statOrUndefined(file: string): Promise<Stats | undefined> {
  try {
    return await stat(file);
  } catch {
    return undefined;
  }
}

function isInside(root: string, file: string): boolean {
  return file === root || file.startsWith(root + path.sep);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...SECURITY_HEADERS,
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stats: Stats,
  cacheControl: string,
  page?: Buffer,
  dynamic = false,
): Promise<void> {
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  // A page holding LXD's answers (early data) is this request's alone: never stored or reused.
  const headers: Record<string, string | number> = dynamic
    ? { 'Content-Type': contentType(file), 'Cache-Control': 'no-store', ...SECURITY_HEADERS }
    : {
        'Content-Type': contentType(file),
        'Cache-Control': cacheControl,
        ETag: etag,
        'Last-Modified': stats.mtime.toUTCString(),
        ...SECURITY_HEADERS,
      };
  if (page) {
    headers['X-Frame-Options'] = 'DENY';
    headers['Content-Security-Policy'] = pageCsp(page.toString('utf8'));
  }
  if (!dynamic && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['Content-Length'] = page ? page.length : stats.size;
  if (req.method === 'HEAD') {
    res.writeHead(200, headers);
    res.end();
    return;
  }
  if (page) {
    res.writeHead(200, headers);
    res.end(page);
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(file);
    stream.once('open', () => {
      res.writeHead(200, headers);
      stream.pipe(res);
    });
    stream.once('error', () => {
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'could not read file\n');
      resolve();
    });
    stream.once('close', resolve);
  });
}

export interface StaticHandler {
  /** `earlyData`: a data block for the page (server/early-data.ts), when it is the page. */
  (
    req: IncomingMessage,
    res: ServerResponse,
    segments: readonly string[],
    earlyData?: string,
  ): Promise<void>;
  /** The CSP header of console pages, from the index.html served last (or found at start). */
  csp: () => string;
}

/**
 * Returns a handler for the decoded path segments after /ui/. Files under assets/ that do not
 * exist get 404 (an HTML page in place of a script only confuses); any other missing path gets
 * index.html so the SPA can route it. index.html goes out with the CSP header of its meta policy.
 */
export function createStaticHandler(uiDir: string): StaticHandler {
  const root = path.resolve(uiDir);
  let csp = FRAME_ANCESTORS;
  try {
    csp = pageCsp(readFileSync(path.join(root, 'index.html'), 'utf8'));
  } catch {
    // No build yet: the server refuses to start (validateConfig); pages get frame-ancestors.
  }

  async function sendPage(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    stats: Stats,
    earlyData?: string,
  ): Promise<void> {
    const page = await readFile(file);
    const text = page.toString('utf8');
    csp = pageCsp(text);
    const injected = earlyData === undefined ? text : withEarlyData(text, earlyData);
    if (injected === text) {
      await sendFile(req, res, file, stats, REVALIDATE, page);
      return;
    }
    await sendFile(req, res, file, stats, REVALIDATE, Buffer.from(injected, 'utf8'), true);
  }

  const handler = async (
    req: IncomingMessage,
    res: ServerResponse,
    segments: readonly string[],
    earlyData?: string,
  ): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
      return;
    }
    const realRoot = await realpath(root).catch(() => root);
    const candidate = path.join(root, ...segments);
    if (!isInside(root, candidate)) {
      sendText(res, 400, 'bad path\n');
      return;
    }
    const stats = await statOrUndefined(candidate);
    if (stats?.isFile()) {
      // A symbolic link inside the build must not lead outside it.
      const real = await realpath(candidate).catch(() => undefined);
      if (real === undefined || !isInside(realRoot, real)) {
        sendText(res, 404, 'not found\n');
        return;
      }
      const hashed = segments[0] === 'assets' && segments.length > 1;
      if (path.basename(candidate) === 'index.html') {
        await sendPage(req, res, candidate, stats);
        return;
      }
      await sendFile(req, res, candidate, stats, hashed ? IMMUTABLE : REVALIDATE);
      return;
    }
    if (segments[0] === 'assets') {
      sendText(res, 404, 'not found\n');
      return;
    }
    const index = path.join(root, 'index.html');
    const indexStats = await statOrUndefined(index);
    if (!indexStats?.isFile()) {
      sendText(res, 404, `index.html is missing from ${root} (build the console first)\n`);
      return;
    }
    await sendPage(req, res, index, indexStats, earlyData);
  };
  return Object.assign(handler, { csp: () => csp });
}
