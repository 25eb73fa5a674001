/**
 * What makes this feature's cached data stale, kept apart from the queries so that the app's
 * event wiring loads no screen code: the lifecycle prefixes and the root of the query keys.
 */
import type { EventInvalidation } from '../../shared/events';

/** Image lifecycle events (spec §7). */
export const imageEventPrefixes = ['image-'] as const;

/** Every query key of the feature starts with this. */
export const imageKeyRoot = ['images'] as const;

export const imageInvalidation: EventInvalidation = {
  prefixes: imageEventPrefixes,
  queryKey: imageKeyRoot,
};
