/**
 * What this feature's cached data does on an event, kept apart from the queries so that the
 * app's event wiring loads no screen code: the lifecycle prefixes, the root of the query keys,
 * and the listeners an open instance list registers to apply an event to itself in place (at
 * 10,000 instances the list is ~18 MB: it is never refetched for one instance's change).
 */
import type { EventInvalidation, LifecycleEvent } from '../../shared/events';

/** Instance lifecycle events (spec §7). */
export const instanceEventPrefixes = ['instance-'] as const;

/** Every query key of the feature starts with this, except the lists (below). */
export const instanceKeyRoot = ['instances'] as const;

/**
 * The instance lists' keys start with this: an event updates an open list in place (see
 * `onInstanceEvent`) instead of invalidating it; a list opened later is fetched again anyway.
 */
export const instanceListKeyRoot = ['instance-list'] as const;

type InstanceEventListener = (event: LifecycleEvent) => void;
const listeners = new Set<InstanceEventListener>();

/** Calls `listener` with every instance lifecycle event; returns the unsubscribe. */
export function onInstanceEvent(listener: InstanceEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const instanceInvalidation: EventInvalidation = {
  prefixes: instanceEventPrefixes,
  queryKey: instanceKeyRoot,
  apply: (event) => {
    for (const listener of listeners) listener(event);
  },
};
