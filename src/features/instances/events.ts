/**
 * What makes this feature's cached data stale, kept apart from the queries so that the app's
 * event wiring loads no screen code: the lifecycle prefixes and the root of the query keys.
 */
import type { EventInvalidation } from '../../shared/events';

/** Instance lifecycle events (spec §7). */
export const instanceEventPrefixes = ['instance-'] as const;

/** Every query key of the feature starts with this. */
export const instanceKeyRoot = ['instances'] as const;

export const instanceInvalidation: EventInvalidation = {
  prefixes: instanceEventPrefixes,
  queryKey: instanceKeyRoot,
};
