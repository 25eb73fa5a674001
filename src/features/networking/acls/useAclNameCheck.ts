import { useEffect, useState } from 'react';
import { networkAclNameExists } from '../../../lxd/endpoints/network-acls';

/** How long typing pauses before the lookup starts. */
export const NAME_CHECK_DELAY_MS = 250;

interface Answer {
  name: string;
  taken: boolean;
}

/**
 * Spec §7 name check as the name is typed: GET /1.0/network-acls/{name}?project once typing
 * pauses, the previous lookup aborted when the name changes. Returns whether the name is taken,
 * or undefined while unknown (a failed lookup says nothing: LXD has the last word on create).
 */
export function useAclNameCheck(project: string, name: string, enabled: boolean) {
  const [answer, setAnswer] = useState<Answer>();
  useEffect(() => {
    if (!enabled || name === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      networkAclNameExists(project, name, controller.signal).then(
        (taken) => {
          setAnswer({ name, taken });
        },
        () => undefined,
      );
    }, NAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [project, name, enabled]);
  return enabled && answer?.name === name ? answer.taken : undefined;
}
