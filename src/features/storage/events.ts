/**
 * What makes storage data stale, kept apart from the queries so that the app's event wiring
 * loads no screen code: the lifecycle prefixes and the root of the query keys.
 */
import type { EventInvalidation } from '../../shared/events';

/**
 * Storage lifecycle events (spec §7: storage-pool-, storage-volume-; buckets on newer servers),
 * and the instance and profile events that change a pool's or volume's `used_by`.
 */
export const storageEventPrefixes = [
  'storage-pool-',
  'storage-volume-',
  'storage-bucket-',
  'instance-created',
  'instance-deleted',
  'instance-renamed',
  'instance-updated',
  'profile-created',
  'profile-deleted',
  'profile-updated',
] as const;

/** Every storage query key starts with this. */
export const storageKeyRoot = ['storage'] as const;

export const storageInvalidation: EventInvalidation = {
  prefixes: storageEventPrefixes,
  queryKey: storageKeyRoot,
};
