/**
 * Requests the page starts before the console's code has loaded: index.html's inline script
 * asks for the settings, the projects and, on an instance list, the list itself while the
 * JavaScript downloads. The first GET of the same URL takes the answer (once, while fresh).
 */

export interface EarlyFetch {
  /** Date.now() when it was started. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** Early requests by their exact relative URL (as buildUrl writes it). */
    __lxdEarly?: Record<string, EarlyFetch | undefined> | undefined;
  }
}

/** An early answer older than this is not used (the data may have changed since). */
export const EARLY_FETCH_MAX_AGE_MS = 5000;

/** The early response for `url`, if the page started one and nobody took it yet. */
export function takeEarlyResponse(url: string, now = Date.now()): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__lxdEarly?.[url];
  if (!early || !window.__lxdEarly) return undefined;
  window.__lxdEarly[url] = undefined;
  return now - early.at > EARLY_FETCH_MAX_AGE_MS ? undefined : early.response;
}
