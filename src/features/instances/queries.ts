import { queryOptions } from '@tanstack/react-query';
import { fetchInstances } from '../../lxd/endpoints/instances';

/** Lifecycle event prefixes that make these queries stale (spec §7). */
export const instanceEventPrefixes = ['instance-'] as const;

export const instanceKeys = {
  all: ['instances'] as const,
  project: (project: string) => [...instanceKeys.all, 'project', project] as const,
};

export function projectInstancesQuery(project: string) {
  return queryOptions({
    queryKey: instanceKeys.project(project),
    queryFn: ({ signal }) => fetchInstances(project, signal),
  });
}
