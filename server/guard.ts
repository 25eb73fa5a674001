/**
 * The console server makes proxied requests look same-origin to LXD, which switches off LXD's
 * own browser checks (Sec-Fetch-Site, websocket Origin). So it makes those checks itself first:
 * a request another site's page makes the browser send never reaches LXD with the console's
 * identity. Non-browser clients (curl, scripts) send none of these headers and pass.
 */
import type { IncomingMessage } from 'node:http';
import { isLoopback } from './config';

export interface GuardOptions {
  /** The server listens on loopback only: any loopback Host/Origin is one of ours. */
  loopbackOnly: boolean;
}

function hostnameOf(hostHeader: string): string {
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return '';
  }
}

/** Returns why the request must be refused, or undefined when it may go to LXD. */
export function crossSiteReason(
  req: IncomingMessage,
  { loopbackOnly }: GuardOptions,
): string | undefined {
  const host = req.headers.host ?? '';
  // DNS rebinding: evil.example resolving to 127.0.0.1 still sends Host: evil.example.
  if (loopbackOnly && !isLoopback(hostnameOf(host))) {
    return `Host "${host}" is not a loopback name`;
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return `${site} request refused`;
  }
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return `Origin "${origin}" refused`;
    }
    const sameHost = parsed.host === host;
    // A dev server on another loopback port (Vite) proxies to us; it is the same local user.
    const localDev = loopbackOnly && isLoopback(parsed.hostname);
    if (!sameHost && !localDev) return `Origin "${origin}" refused`;
  }
  return undefined;
}
