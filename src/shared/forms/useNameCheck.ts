/**
 * The name check of a create form (spec §7): once typing pauses, ask the server whether the name
 * is taken, aborting the previous lookup when the name changes again. One hook for every
 * resource: the feature gives the lookup (GET of the object by name, 404 = free).
 */
import { useEffect, useState } from 'react';

/** How long typing pauses before the lookup starts. */
export const NAME_CHECK_DELAY_MS = 250;

/**
 * Whether `name` is taken (in `scope`, where names are unique per pool or project, or for a form
 * that chooses where the object goes); rejects when the server could not say.
 */
export type NameLookup = (name: string, signal: AbortSignal, scope?: string) => Promise<boolean>;

interface Answer {
  name: string;
  scope: string | undefined;
  /** The lookup that answered (another one, for another pool, asks again). */
  lookup: NameLookup;
  taken: boolean;
}

/**
 * Whether the name is taken, or undefined while unknown (not asked yet, being asked, or the
 * lookup failed: LXD has the last word when the form is sent). `lookup` should be stable or
 * memoized on what it depends on (the project, the pool).
 */
export function useNameCheck(
  name: string,
  enabled: boolean,
  lookup: NameLookup,
  scope?: string,
): boolean | undefined {
  const [answer, setAnswer] = useState<Answer>();
  useEffect(() => {
    if (!enabled || name === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookup(name, controller.signal, scope).then(
        (taken) => {
          if (!controller.signal.aborted) setAnswer({ name, scope, lookup, taken });
        },
        () => undefined,
      );
    }, NAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name, enabled, lookup, scope]);
  return enabled && answer?.name === name && answer.scope === scope && answer.lookup === lookup
    ? answer.taken
    : undefined;
}

/** Asks once, now (on submit): true when taken; false when free or when the server could not say. */
export async function isNameTaken(
  lookup: NameLookup,
  name: string,
  scope?: string,
): Promise<boolean> {
  try {
    return await lookup(name, new AbortController().signal, scope);
  } catch {
    return false;
  }
}
