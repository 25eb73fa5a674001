import { useCallback, useEffect, useRef } from 'react';

/**
 * A function whose identity never changes but always calls the latest `callback` (for props
 * such as Modal's onClose, whose change would re-run the dialog's focus effect).
 */
export function useStableCallback<A extends unknown[], R>(
  callback: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
