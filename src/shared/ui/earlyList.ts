/**
 * index.html paints the first rows of an instance list, or the overview's first figure (its
 * instance count), as soon as the names arrive, before the console's code has run (a still
 * picture over the page, `#early-list`, hidden from assistive technology and inert). The console takes it away when its own screen shows its content
 * (markFirstContent), or EARLY_LIST_MAX_MS after the console started when that screen is
 * something else or never settles (an error, a sign-in, a navigation).
 */

declare global {
  interface Window {
    /** Set when the console has taken the early list away: index.html then paints none. */
    __lxdEarlyListDone?: boolean | undefined;
  }
}

export const EARLY_LIST_ID = 'early-list';
export const EARLY_LIST_MAX_MS = 1500;

export function removeEarlyList(): void {
  if (typeof window === 'undefined') return;
  window.__lxdEarlyListDone = true;
  document.getElementById(EARLY_LIST_ID)?.remove();
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The early list shows one address's list: it goes as soon as the console is elsewhere. */
export function removeEarlyListOffPath(pathname = window.location.pathname): void {
  if (typeof document === 'undefined') return;
  const early = document.getElementById(EARLY_LIST_ID);
  const shownFor = early?.getAttribute('data-path');
  if (early && (shownFor === null || trimSlash(shownFor ?? '') !== trimSlash(pathname))) {
    removeEarlyList();
  }
}

/** Called once the console has started: the early list goes at the latest after the limit. */
export function removeEarlyListLater(delayMs = EARLY_LIST_MAX_MS): () => void {
  const timer = setTimeout(removeEarlyList, delayMs);
  return () => {
    clearTimeout(timer);
  };
}
