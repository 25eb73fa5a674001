import { queryOptions } from '@tanstack/react-query';
import {
  fetchCluster,
  fetchClusterGroups,
  fetchClusterMember,
  fetchClusterMemberState,
  fetchClusterMembers,
} from '../../lxd/endpoints/cluster';
import { fetchAllProjectsInstances } from '../../lxd/endpoints/instances';
import type { LxdInstance } from '../../lxd/types/instance';
import { clusterEventPrefixes, clusterInstancesKey, clusterKeyRoot } from './events';

export { clusterEventPrefixes };

export const clusterKeys = {
  all: clusterKeyRoot,
  status: () => [...clusterKeys.all, 'status'] as const,
  members: () => [...clusterKeys.all, 'members'] as const,
  member: (name: string) => [...clusterKeys.all, 'members', name] as const,
  /** Under the member's key: what refreshes the member refreshes its state too. */
  memberState: (name: string) => [...clusterKeys.member(name), 'state'] as const,
  groups: () => [...clusterKeys.all, 'groups'] as const,
  /** Where the instances are (instance lifecycle events refresh it, see events.ts). */
  instances: () => clusterInstancesKey,
};

export const clusterStatusQuery = queryOptions({
  queryKey: clusterKeys.status(),
  queryFn: ({ signal }) => fetchCluster(signal),
});

export const clusterMembersQuery = queryOptions({
  queryKey: clusterKeys.members(),
  queryFn: ({ signal }) => fetchClusterMembers(signal),
});

export function clusterMemberQuery(name: string) {
  return queryOptions({
    queryKey: clusterKeys.member(name),
    queryFn: ({ signal }) => fetchClusterMember(name, signal),
  });
}

/** GET /1.0/cluster/members/{name}/state (only where the server has `cluster_member_state`). */
export function clusterMemberStateQuery(name: string) {
  return queryOptions({
    queryKey: clusterKeys.memberState(name),
    queryFn: ({ signal }) => fetchClusterMemberState(name, signal),
  });
}

export const clusterGroupsQuery = queryOptions({
  queryKey: clusterKeys.groups(),
  queryFn: ({ signal }) => fetchClusterGroups(signal),
});

/** What the cluster screens keep of an instance: where it runs and its status. */
export type LocatedInstance = Pick<
  LxdInstance,
  'name' | 'project' | 'status' | 'type' | 'location'
>;

/**
 * Every instance of every project with its member (one call for the members list and the
 * member's Instances tab).
 */
export const locatedInstancesQuery = queryOptions({
  queryKey: clusterKeys.instances(),
  queryFn: async ({ signal }): Promise<LocatedInstance[]> =>
    (await fetchAllProjectsInstances(signal)).map(({ name, project, status, type, location }) => ({
      name,
      project,
      status,
      type,
      location,
    })),
});

/** Instance counts by member name. */
export function countByMember(instances: readonly LocatedInstance[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const instance of instances) {
    counts.set(instance.location, (counts.get(instance.location) ?? 0) + 1);
  }
  return counts;
}
