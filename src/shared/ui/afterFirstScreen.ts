import { useEffect, useState } from 'react';

/**
 * Runs `task` once the screen has painted and the browser is idle (at most `timeoutMs` after
 * that paint): for code the first screen does not need, such as the event stream's, so that it
 * loads after the first rows instead of competing with them. Returns a cancel function.
 */
export function afterFirstScreen(task: () => void, timeoutMs = 1000): () => void {
  let cancelled = false;
  let cancelStep = () => {};
  const run = () => {
    if (!cancelled) task();
  };
  // requestAnimationFrame runs before the next paint; a task queued from it runs after.
  const frame = requestAnimationFrame(() => {
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') {
        const idle = requestIdleCallback(run, { timeout: timeoutMs });
        cancelStep = () => cancelIdleCallback(idle);
      } else {
        run();
      }
    }, 0);
    cancelStep = () => clearTimeout(timer);
  });
  cancelStep = () => cancelAnimationFrame(frame);
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
