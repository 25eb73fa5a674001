/**
 * LXD answers for calls a spec stands in for in the browser (page.route), shaped like the LXD 6
 * reference (doc/rest-api.yaml).
 */

/** A synchronous success envelope around `metadata`. */
export const sync = (metadata: unknown) => ({
  type: 'sync',
  status: 'Success',
  status_code: 200,
  operation: '',
  error_code: 0,
  error: '',
  metadata,
});

/** What route.fetch takes and gives, without importing Playwright's types here. */
interface FetchingRoute<R> {
  fetch: (options?: { url?: string }) => Promise<R>;
  request: () => { method: () => string };
}

/**
 * route.fetch, once more when the connection was reset. Playwright's own HTTP client reuses
 * kept-alive connections, and one the console server closes as idle at the moment a request is
 * sent on it is reset (a race of every keep-alive client; browsers resend such a request
 * themselves). Only requests that may be sent twice (GET, HEAD) are tried again.
 */
export async function fetchForRoute<R>(
  route: FetchingRoute<R>,
  options?: { url?: string },
): Promise<R> {
  try {
    return await route.fetch(options);
  } catch (error) {
    const method = route.request().method();
    const reset = /ECONNRESET|EPIPE|socket hang up/.test(String(error));
    if (!reset || (method !== 'GET' && method !== 'HEAD')) throw error;
    return route.fetch(options);
  }
}
