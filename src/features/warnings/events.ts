/**
 * What makes this feature's cached data stale, kept apart from the queries so that the app's
 * event wiring loads no screen code: the lifecycle prefixes and the root of the query keys.
 */
import type { EventInvalidation } from '../../shared/events';

/** Lifecycle actions of warnings (warning-acknowledged, warning-reset, warning-deleted). */
export const warningEventPrefixes = ['warning-'] as const;

/** Every query key of the feature starts with this. */
export const warningKeyRoot = ['warnings'] as const;

export const warningInvalidation: EventInvalidation = {
  prefixes: warningEventPrefixes,
  queryKey: warningKeyRoot,
};
