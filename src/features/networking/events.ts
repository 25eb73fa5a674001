/**
 * What makes networking data stale, kept apart from the queries so that the app's event wiring
 * loads no screen code: the lifecycle prefixes and the root of the query keys.
 */
import type { EventInvalidation } from '../../shared/events';

/**
 * Network lifecycle events (spec §7: network-, which also covers network-acl-,
 * network-forward-, network-load-balancer-), and the instance and profile events that change a
 * network's `used_by`, leases and allocations.
 */
export const networkingEventPrefixes = [
  'network-',
  'instance-created',
  'instance-deleted',
  'instance-renamed',
  'instance-updated',
  'instance-started',
  'instance-stopped',
  'instance-restarted',
  'profile-created',
  'profile-deleted',
  'profile-updated',
] as const;

/** Every networking query key starts with this. */
export const networkingKeyRoot = ['networking'] as const;

export const networkingInvalidation: EventInvalidation = {
  prefixes: networkingEventPrefixes,
  queryKey: networkingKeyRoot,
};
