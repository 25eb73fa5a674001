import { useEffect, useState } from 'react';
import { storagePoolNameExists } from '../../../lxd/endpoints/storage-pools';

export type PoolNameCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; taken: boolean }
  | { state: 'error'; message: string };

type Answer = { name: string; taken: boolean } | { name: string; message: string };

/** How long typing pauses before the lookup starts. */
export const NAME_CHECK_DELAY_MS = 250;

/**
 * Spec §5: a pool name is free when GET /1.0/storage-pools/{name} answers 404. The lookup
 * starts once typing pauses and is aborted as soon as the name changes again.
 */
export function usePoolNameCheck(name: string, enabled: boolean): PoolNameCheck {
  const [answer, setAnswer] = useState<Answer>();

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      storagePoolNameExists(name, controller.signal).then(
        (taken) => {
          setAnswer({ name, taken });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({ name, message: error instanceof Error ? error.message : String(error) });
        },
      );
    }, NAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name, enabled]);

  if (!enabled) return { state: 'idle' };
  if (answer?.name !== name) return { state: 'checking' };
  return 'taken' in answer
    ? { state: 'done', taken: answer.taken }
    : { state: 'error', message: answer.message };
}
