import { queryOptions } from '@tanstack/react-query';
import {
  fetchCluster,
  fetchClusterGroups,
  fetchClusterMember,
  fetchClusterMembers,
} from '../../lxd/endpoints/cluster';
import { clusterEventPrefixes, clusterKeyRoot } from './events';

export { clusterEventPrefixes };

export const clusterKeys = {
  all: clusterKeyRoot,
  status: () => [...clusterKeys.all, 'status'] as const,
  members: () => [...clusterKeys.all, 'members'] as const,
  member: (name: string) => [...clusterKeys.all, 'members', name] as const,
  groups: () => [...clusterKeys.all, 'groups'] as const,
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

export const clusterGroupsQuery = queryOptions({
  queryKey: clusterKeys.groups(),
  queryFn: ({ signal }) => fetchClusterGroups(signal),
});
