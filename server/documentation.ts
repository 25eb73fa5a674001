/**
 * LXD's documentation (/documentation, proxied by server/proxy.ts) runs on the console's own
 * origin, so its pages get a Content-Security-Policy of their own.
 *
 * Why this policy: the documentation is LXD's Sphinx build with the furo theme. Its pages load
 * their scripts and styles from the same origin (jQuery, searchtools, copybutton, furo.js, the
 * search index), but some scripts are inline: furo's theme switch at the top of <body>, the
 * Swagger UI start-up on the REST API page, and, depending on the Sphinx version, the search
 * page's loader. A fixed `script-src 'self'` would break those; `'unsafe-inline'` would let any
 * injected markup (event handler attributes included) run with the console's origin, next to its
 * /1.0 proxy. A `sandbox` policy without allow-same-origin gives the pages an opaque origin, and
 * then every request they make is `Sec-Fetch-Site: cross-site`, which the console's own
 * cross-site guard (server/guard.ts) refuses: no stylesheet or script would load. So each HTML
 * page is read whole (they are small; at most MAX_HTML_BYTES) and its own inline scripts are
 * allowed by their SHA-256, as the console's index.html does (scripts/vite-csp.ts): exactly the
 * scripts LXD wrote, nothing injected later, no inline event handlers, no eval.
 * Everything else is the same origin only: images also as data: URLs (furo's icons), inline
 * styles (furo and Swagger UI set them), forms only to the same origin (the sidebar's search
 * box GETs search.html), no plugins, no <base>, never framed.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const DOCUMENTATION_PREFIX = '/documentation';

/** An HTML page larger than this is sent as it comes, with no inline script allowed. */
export const MAX_HTML_BYTES = 8 * 1024 * 1024;

export function isDocumentation(target: string): boolean {
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  return path === DOCUMENTATION_PREFIX || path.startsWith(`${DOCUMENTATION_PREFIX}/`);
}

/** The policy of a documentation answer whose inline scripts have these hash sources. */
export function documentationCsp(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-…' sources for the page's inline scripts (those without a src attribute). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT_RE)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    const text = match[2] ?? '';
    if (text.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * Headers that belong to one connection, not to the answer; and LXD's own policy, if it ever
 * sends one (ours replaces it).
 */
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-security-policy',
  'content-security-policy-report-only',
]);

function answerHeaders(proxyRes: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(proxyRes.headers)) {
    if (value !== undefined && !DROPPED.has(name)) headers[name] = value;
  }
  return headers;
}

/**
 * Sends LXD's answer to a /documentation request with the documentation policy (http-proxy-3
 * with selfHandleResponse: this writes the status, the headers and the body).
 */
export function relayDocumentation(
  proxyRes: IncomingMessage,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const status = proxyRes.statusCode ?? 502;
  const headers = answerHeaders(proxyRes);
  proxyRes.once('error', () => res.destroy());
  // LXD went away in the middle of the body: the browser must not take a cut page for whole.
  proxyRes.once('close', () => {
    if (!proxyRes.complete) res.destroy();
  });
  res.once('close', () => {
    if (!res.writableFinished) proxyRes.destroy();
  });
  const policy = { 'Content-Security-Policy': documentationCsp() };
  if (status === 304) {
    // No body: the browser keeps the stored page with the policy that came with it.
    res.writeHead(status, headers);
    proxyRes.pipe(res);
    return;
  }
  const type = String(headers['content-type'] ?? '');
  const encoding = String(headers['content-encoding'] ?? 'identity').toLowerCase();
  if (req.method === 'HEAD' || !/^text\/html\b/i.test(type) || encoding !== 'identity') {
    res.writeHead(status, { ...headers, ...policy });
    proxyRes.pipe(res);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    if (size <= MAX_HTML_BYTES) return;
    // Too large to read first: sent as it comes, with no inline script allowed.
    proxyRes.off('data', onData);
    proxyRes.off('end', onEnd);
    res.writeHead(status, { ...headers, ...policy });
    res.write(Buffer.concat(chunks));
    proxyRes.pipe(res);
  };
  const onEnd = () => {
    const body = Buffer.concat(chunks);
    const hashes = inlineScriptHashes(body.toString('utf8'));
    res.writeHead(status, {
      ...headers,
      'content-length': String(body.length),
      'Content-Security-Policy': documentationCsp(hashes),
    });
    res.end(body);
  };
  proxyRes.on('data', onData);
  proxyRes.on('end', onEnd);
}
