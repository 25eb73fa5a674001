/** The console's start, as index.html's reload-once guard sees it. */

declare global {
  interface Window {
    /** Set once the console's code runs; index.html then stops reloading on failed files. */
    __lxdStarted?: boolean | undefined;
  }
}

export const RELOAD_FLAG_KEY = 'lxd-console-reloaded';

export function markStarted(): void {
  window.__lxdStarted = true;
  try {
    sessionStorage.removeItem(RELOAD_FLAG_KEY);
  } catch {
    // storage unavailable (privacy mode): the guard then never reloads anyway
  }
}
