/**
 * What makes this feature's cached data stale, kept apart from the queries so that the app's
 * event wiring loads no screen code: the lifecycle prefixes and the root of the query keys.
 */
import type { EventInvalidation } from '../../shared/events';

/**
 * Lifecycle event prefixes that make profile queries stale (spec §7). Some instance events
 * count too: creating, deleting, renaming or updating an instance changes a profile's used_by
 * (starts and stops do not).
 */
export const profileEventPrefixes = [
  'profile-',
  'instance-created',
  'instance-deleted',
  'instance-renamed',
  'instance-updated',
] as const;

/** Every query key of the feature starts with this. */
export const profileKeyRoot = ['profiles'] as const;

export const profileInvalidation: EventInvalidation = {
  prefixes: profileEventPrefixes,
  queryKey: profileKeyRoot,
};
