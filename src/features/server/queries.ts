import { queryOptions } from '@tanstack/react-query';
import { fetchResources } from '../../lxd/endpoints/resources';

export const serverPageKeys = {
  resources: (target?: string) => ['resources', target ?? ''] as const,
};

/** GET /1.0/resources (of one member when `target` is given). */
export function resourcesQuery(target?: string) {
  return queryOptions({
    queryKey: serverPageKeys.resources(target),
    queryFn: ({ signal }) => fetchResources(target, signal),
  });
}
