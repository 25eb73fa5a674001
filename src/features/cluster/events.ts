/**
 * What makes this feature's cached data stale, kept apart from the queries so that the app's
 * event wiring loads no screen code: the lifecycle prefixes and the root of the query keys.
 */
import type { EventInvalidation } from '../../shared/events';

/** Cluster member and group lifecycle events. */
export const clusterEventPrefixes = ['cluster-'] as const;

/** Every query key of the feature starts with this. */
export const clusterKeyRoot = ['cluster'] as const;

export const clusterInvalidation: EventInvalidation = {
  prefixes: clusterEventPrefixes,
  queryKey: clusterKeyRoot,
};

/** Where each instance runs, for the members list and a member's Instances tab. */
export const clusterInstancesKey = [...clusterKeyRoot, 'instances'] as const;

/** Instance lifecycle events move, create and delete instances: the counts per member change. */
export const clusterInstanceInvalidation: EventInvalidation = {
  prefixes: ['instance-'],
  queryKey: clusterInstancesKey,
};
