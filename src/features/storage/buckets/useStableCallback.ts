import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes but which always calls the latest `callback`. Modal
 * dialogs move focus when their `onClose` changes, so they get a stable one.
 */
export function useStableCallback<A extends unknown[]>(
  callback: (...args: A) => void,
): (...args: A) => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => {
    latest.current(...args);
  }, []);
}
