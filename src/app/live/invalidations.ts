/**
 * What each lifecycle event makes stale (spec §7), composed from the prefixes and keys every
 * feature declares next to its queries. The event stream (shared/events) applies this list.
 */
import type { QueryKey } from '@tanstack/react-query';
import { clusterEventPrefixes, clusterKeys } from '../../features/cluster';
import { imageEventPrefixes, imageKeys } from '../../features/images';
import { instanceEventPrefixes, instanceKeys } from '../../features/instances';
import { operationEventKeys } from '../../features/operations';
import { profileEventPrefixes, profileKeys } from '../../features/profiles';
import { projectEventPrefixes, projectKeys } from '../../features/projects';
import { settingsEventPrefixes } from '../../features/settings';
import { warningEventPrefixes, warningKeys } from '../../features/warnings';
import type { EventInvalidation } from '../../shared/events';
import { serverKeys } from '../../shared/query/server';

/** Instance events that change a project's `used_by` (the selector's instance counts). */
const PROJECT_USAGE_PREFIXES = ['instance-created', 'instance-deleted', 'instance-renamed'];

export const eventInvalidations: readonly EventInvalidation[] = [
  { prefixes: instanceEventPrefixes, queryKey: instanceKeys.all },
  { prefixes: profileEventPrefixes, queryKey: profileKeys.all },
  { prefixes: [...projectEventPrefixes, ...PROJECT_USAGE_PREFIXES], queryKey: projectKeys.all },
  { prefixes: imageEventPrefixes, queryKey: imageKeys.all },
  { prefixes: warningEventPrefixes, queryKey: warningKeys.all },
  { prefixes: settingsEventPrefixes, queryKey: serverKeys.all },
  { prefixes: clusterEventPrefixes, queryKey: clusterKeys.all },
];

/** The operation lists an operation event of `project` makes stale. */
export function operationQueryKeys(project: string): readonly QueryKey[] {
  return operationEventKeys(project);
}
