/**
 * The overview's own queries: each member's resources (capacity and memory in use) and state
 * (load), asked in parallel with the instance list (reused from the instances feature, names
 * first) and with the warnings, operations and project of their own features.
 */
import { queryOptions } from '@tanstack/react-query';
import { LxdApiError } from '../../lxd/client';
import { fetchClusterMemberState } from '../../lxd/endpoints/cluster';
import { fetchResources } from '../../lxd/endpoints/resources';

export const overviewKeys = {
  all: ['overview'] as const,
  resources: (member: string) => [...overviewKeys.all, 'resources', member] as const,
  memberState: (member: string) => [...overviewKeys.all, 'member-state', member] as const,
};

/** Memory in use and load change all the time: asked again this often while shown. */
export const HEALTH_REFRESH_MS = 30_000;

/** GET /1.0/resources of one member (`?target=`), or of the server when `member` is ''. */
export function resourcesQuery(member: string) {
  return queryOptions({
    queryKey: overviewKeys.resources(member),
    queryFn: ({ signal }) => fetchResources(member || undefined, signal),
    staleTime: HEALTH_REFRESH_MS,
    refetchInterval: HEALTH_REFRESH_MS,
    retry: (count, error) => !isRefused(error) && count < 2,
  });
}

/** GET /1.0/cluster/members/{m}/state (extension cluster_member_state): the load averages. */
export function memberStateQuery(member: string, enabled: boolean) {
  return queryOptions({
    queryKey: overviewKeys.memberState(member),
    queryFn: ({ signal }) => fetchClusterMemberState(member, signal),
    staleTime: HEALTH_REFRESH_MS,
    refetchInterval: HEALTH_REFRESH_MS,
    enabled,
    retry: (count, error) => !isRefused(error) && count < 2,
  });
}

/** LXD refused the identity (403): a figure it may not read. */
export const isRefused = (error: unknown) => error instanceof LxdApiError && error.status === 403;
