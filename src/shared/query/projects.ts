import { queryOptions } from '@tanstack/react-query';
import { fetchProject, fetchProjects } from '../../lxd/endpoints/projects';

/** Lifecycle event prefixes that make project queries stale. */
export const projectEventPrefixes = ['project-'] as const;

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (name: string) => [...projectKeys.all, 'detail', name] as const,
};

export const projectsQuery = queryOptions({
  queryKey: projectKeys.list(),
  queryFn: ({ signal }) => fetchProjects(signal),
});

export function projectQuery(name: string) {
  return queryOptions({
    queryKey: projectKeys.detail(name),
    queryFn: ({ signal }) => fetchProject(name, signal),
  });
}
