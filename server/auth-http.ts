/**
 * The HTTP pieces of the authentication gate: answers it sends itself (HTML pages, redirects,
 * refused websocket upgrades), the session cookie's value, the login form's body and its
 * cross-site checks.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { crossSiteReason } from './guard';
import { lxdErrorBody } from './proxy';
import { SECURITY_HEADER_LINES } from './static';

export function rejectUpgradeWith(socket: Duplex, code: number, message: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = lxdErrorBody(code, message);
  socket.end(
    `HTTP/1.1 ${code} ${http.STATUS_CODES[code] ?? 'Error'}\r\nContent-Type: application/json\r\n` +
      SECURITY_HEADER_LINES +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string | number | string[]> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : html);
}

export function redirect(res: ServerResponse, location: string, cookie?: string): void {
  res.writeHead(303, {
    Location: location,
    'Content-Length': 0,
    'Cache-Control': 'no-store',
    ...(cookie === undefined ? {} : { 'Set-Cookie': cookie }),
  });
  res.end();
}

/** A path on this server to return to after signing in; anything else becomes /ui/. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next)) {
    return '/ui/';
  }
  return next;
}

/** Every value the request's cookies give this name (a tossed cookie makes two). */
export function cookieValues(req: IncomingMessage, name: string): string[] {
  const values: string[] = [];
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/**
 * The proxy's cross-site checks, for the login and logout forms. Under `Referrer-Policy:
 * no-referrer` a browser posts a form with `Origin: null`; it is accepted when the browser itself
 * says the post is same-origin (Sec-Fetch-Site, which pages cannot set).
 */
export function formPostCrossSiteReason(
  req: IncomingMessage,
  loopbackOnly: boolean,
): string | undefined {
  const { origin } = req.headers;
  if (origin === 'null' && req.headers['sec-fetch-site'] === 'same-origin') {
    const headers = { ...req.headers };
    delete headers.origin;
    const view = Object.create(req) as IncomingMessage;
    view.headers = headers;
    return crossSiteReason(view, { loopbackOnly });
  }
  return crossSiteReason(req, { loopbackOnly });
}

const FORM_LIMIT = 8 * 1024;

/**
 * The form, or why there is none: too large, or the client went away (closed the connection,
 * or was cut off by the body deadline) before sending all of it. Never rejects.
 */
export function readForm(req: IncomingMessage): Promise<URLSearchParams | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > FORM_LIMIT) {
        resolve('too-large');
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.once('error', () => resolve('aborted'));
    req.once('close', () => resolve('aborted'));
  });
}
