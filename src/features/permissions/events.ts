/**
 * What makes permissions data stale, kept apart from the queries so that the app's event wiring
 * loads no screen code: the lifecycle prefixes and the root of the query keys.
 */
import type { EventInvalidation } from '../../shared/events';

/**
 * Access-management lifecycle events (spec §7: auth-group-, identity-provider-group-; and
 * identity-), and the certificate events of servers without access management (LXD 5.0, Incus).
 * A group change also changes what the signed-in identity may do, so the current identity (kept
 * under the same root) is refetched with them.
 */
export const permissionsEventPrefixes = [
  'auth-group-',
  'identity-',
  'identity-provider-group-',
  'certificate-',
] as const;

/** Every permissions query key starts with this (the current identity's too). */
export const permissionsKeyRoot = ['permissions'] as const;

export const permissionsInvalidation: EventInvalidation = {
  prefixes: permissionsEventPrefixes,
  queryKey: permissionsKeyRoot,
};
