import { useEffect, useState } from 'react';
import { removeEarlyList } from './earlyList';

/**
 * Code the first screen does not need (the event stream's, for one) loads after that screen has
 * shown its content, so it does not compete with the first rows: after markFirstContent() (the
 * lists call it when their data has arrived) or FIRST_CONTENT_FALLBACK_MS on screens that do not
 * say, then after the next paint, when the browser is idle.
 */
export const FIRST_CONTENT_FALLBACK_MS = 1500;

let contentShown = false;
const waiting = new Set<() => void>();

/** The screen shows its content (the effect of the commit that rendered it). */
export function markFirstContent(): void {
  if (contentShown) return;
  contentShown = true;
  // index.html's picture of the list gives way to the list itself.
  removeEarlyList();
  for (const resume of [...waiting]) resume();
  waiting.clear();
}

/** Marks the first content once `settled` (the screen's own data is in, or failed). */
export function useMarkFirstContent(settled: boolean): void {
  useEffect(() => {
    if (settled) markFirstContent();
  }, [settled]);
}

/** For tests: as on a fresh page. */
export function resetFirstContent(): void {
  contentShown = false;
  waiting.clear();
}

/** Runs `task` as described above; returns a function that cancels it. */
export function afterFirstScreen(task: () => void, idleTimeoutMs = 1000): () => void {
  let cancelled = false;
  let cancelStep = () => {};
  const run = () => {
    if (!cancelled) task();
  };
  const afterPaint = () => {
    // requestAnimationFrame runs before the next paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      const timer = setTimeout(() => {
        if (typeof requestIdleCallback === 'function') {
          const idle = requestIdleCallback(run, { timeout: idleTimeoutMs });
          cancelStep = () => cancelIdleCallback(idle);
        } else {
          run();
        }
      }, 0);
      cancelStep = () => clearTimeout(timer);
    });
    cancelStep = () => cancelAnimationFrame(frame);
  };
  if (contentShown) {
    afterPaint();
  } else {
    const resume = () => {
      clearTimeout(fallback);
      waiting.delete(resume);
      if (!cancelled) afterPaint();
    };
    const fallback = setTimeout(resume, FIRST_CONTENT_FALLBACK_MS);
    waiting.add(resume);
    cancelStep = () => {
      clearTimeout(fallback);
      waiting.delete(resume);
    };
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}

/** false until afterFirstScreen has fired for the component's first mount. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  return ready;
}
