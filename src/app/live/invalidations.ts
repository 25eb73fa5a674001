/**
 * What each lifecycle event makes stale (spec §7), composed from the prefixes and keys every
 * feature declares in its events.ts (apart from its screens, so this loads no screen code).
 */
import type { QueryKey } from '@tanstack/react-query';
import { clusterInstanceInvalidation, clusterInvalidation } from '../../features/cluster/events';
import { imageInvalidation } from '../../features/images/events';
import { instanceInvalidation } from '../../features/instances/events';
import { networkingInvalidation } from '../../features/networking/events';
import { operationEventKeys, upsertOperation } from '../../features/operations';
import { permissionsInvalidation } from '../../features/permissions/events';
import { profileInvalidation } from '../../features/profiles/events';
import { settingsInvalidation } from '../../features/settings/events';
import { storageInvalidation } from '../../features/storage/events';
import { warningInvalidation } from '../../features/warnings/events';
import type { EventInvalidation, EventStreamConfig } from '../../shared/events';
import { projectEventPrefixes, projectKeys } from '../../shared/query/projects';

/** Instance events that change a project's `used_by` (the selector's instance counts). */
const PROJECT_USAGE_PREFIXES = ['instance-created', 'instance-deleted', 'instance-renamed'];

export const eventInvalidations: readonly EventInvalidation[] = [
  instanceInvalidation,
  profileInvalidation,
  { prefixes: [...projectEventPrefixes, ...PROJECT_USAGE_PREFIXES], queryKey: projectKeys.all },
  imageInvalidation,
  warningInvalidation,
  settingsInvalidation,
  clusterInvalidation,
  clusterInstanceInvalidation,
  storageInvalidation,
  networkingInvalidation,
  permissionsInvalidation,
];

/** The operation lists an operation event of `project` makes stale. */
export function operationQueryKeys(project: string): readonly QueryKey[] {
  return operationEventKeys(project);
}

/** The event stream's configuration: loaded with the stream's code, after the first screen. */
export const liveEventConfig: EventStreamConfig = {
  invalidations: eventInvalidations,
  operationQueryKeys,
  applyOperation: upsertOperation,
};
