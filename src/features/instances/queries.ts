import { queryOptions } from '@tanstack/react-query';
import { fetchAllProjectsInstances, fetchInstances } from '../../lxd/endpoints/instances';

/** Lifecycle event prefixes that make these queries stale (spec §7). */
export const instanceEventPrefixes = ['instance-'] as const;

export const instanceKeys = {
  all: ['instances'] as const,
  project: (project: string) => [...instanceKeys.all, 'project', project] as const,
  allProjects: () => [...instanceKeys.all, 'all-projects'] as const,
};

/** The instances of one project, or of every project when `project` is undefined. */
export function instancesQuery(project: string | undefined) {
  return queryOptions({
    queryKey: project === undefined ? instanceKeys.allProjects() : instanceKeys.project(project),
    queryFn: ({ signal }) =>
      project === undefined ? fetchAllProjectsInstances(signal) : fetchInstances(project, signal),
  });
}
