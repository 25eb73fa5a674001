/**
 * What makes the projects stale, kept apart from the queries so that the app's event wiring
 * loads no screen code: project events, and the instance events that change a project's
 * `used_by` (the project selector's instance counts).
 */
import type { EventInvalidation } from '../../shared/events';
import { projectEventPrefixes, projectKeys } from '../../shared/query/projects';

const PROJECT_USAGE_PREFIXES = ['instance-created', 'instance-deleted', 'instance-renamed'];

export const projectInvalidation: EventInvalidation = {
  prefixes: [...projectEventPrefixes, ...PROJECT_USAGE_PREFIXES],
  queryKey: projectKeys.all,
};
