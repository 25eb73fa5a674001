/**
 * Serves the built console from one directory: files as they are, index.html for every other
 * path under /ui/ (the SPA's deep links), but never a file outside the directory.
 */
import { createReadStream, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

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
    'X-Content-Type-Options': 'nosniff',
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
): Promise<void> {
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const headers: Record<string, string | number> = {
    'Content-Type': contentType(file),
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (path.basename(file) === 'index.html') {
    headers['X-Frame-Options'] = 'DENY';
    headers['Content-Security-Policy'] = "frame-ancestors 'none'";
  }
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['Content-Length'] = stats.size;
  if (req.method === 'HEAD') {
    res.writeHead(200, headers);
    res.end();
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

/**
 * Returns a handler for the decoded path segments after /ui/. Files under assets/ that do not
 * exist get 404 (an HTML page in place of a script only confuses); any other missing path gets
 * index.html so the SPA can route it.
 */
export function createStaticHandler(uiDir: string) {
  const root = path.resolve(uiDir);
  return async (
    req: IncomingMessage,
    res: ServerResponse,
    segments: readonly string[],
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
    await sendFile(req, res, index, indexStats, REVALIDATE);
  };
}
