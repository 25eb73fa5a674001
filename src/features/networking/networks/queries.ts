import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  createClusteredNetwork,
  createNetwork,
  deleteNetwork,
  fetchNetwork,
  fetchNetworkAclNames,
  fetchNetworkLeases,
  fetchNetworks,
  fetchNetworkState,
  renameNetwork,
  updateClusteredNetwork,
  updateNetwork,
  type NetworkMemberConfig,
} from '../../../lxd/endpoints/networks';
import type { LxdNetworkPut, LxdNetworksPost } from '../../../lxd/types/network';
import {
  assertFineGrainedKnown,
  entitlementsParam,
  type FineGrained,
} from '../../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../../shared/permissions/rules';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { useAuth } from '../../../shared/auth/context';
import { networkingKeys, useForgetNetworkingObject, useInvalidateNetworking } from '../keys';

export function networksQuery(project: string, isFineGrained: FineGrained) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.network);
  return queryOptions({
    queryKey: [...networkingKeys.networks(project), entitlements ?? ''] as const,
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchNetworks(project, signal, entitlements);
    },
    enabled: isFineGrained !== null,
  });
}

/**
 * Why the identity may not change network `name` of `project` (spec §6: its `can_edit`, which
 * its forwards and load balancers need too), if so.
 */
export function useNetworkEditReason(project: string, name: string): string | undefined {
  const { isFineGrained } = useAuth();
  const list = useQuery(networksQuery(project, isFineGrained));
  return usePermissions().on(
    'network',
    'edit',
    list.data?.find((network) => network.name === name),
  );
}

/** One network; with `member`, that member's view (member-specific keys included). */
export function networkQuery(project: string, name: string, member?: string) {
  return queryOptions({
    queryKey: networkingKeys.network(project, name, member),
    queryFn: ({ signal }) => fetchNetwork(project, name, { target: member, signal }),
  });
}

export function networkStateQuery(project: string, name: string, member?: string) {
  return queryOptions({
    queryKey: networkingKeys.networkState(project, name, member),
    queryFn: ({ signal }) => fetchNetworkState(project, name, { target: member, signal }),
    staleTime: 10_000,
  });
}

export function networkLeasesQuery(project: string, name: string) {
  return queryOptions({
    queryKey: networkingKeys.leases(project, name),
    queryFn: ({ signal }) => fetchNetworkLeases(project, name, signal),
  });
}

export function aclNamesQuery(project: string) {
  return queryOptions({
    queryKey: [...networkingKeys.acls(project), 'names'] as const,
    queryFn: ({ signal }) => fetchNetworkAclNames(project, signal),
    staleTime: 30_000,
  });
}

export function useCreateNetwork(project: string) {
  const invalidate = useInvalidateNetworking();
  return useMutation({
    mutationFn: ({ body, members }: { body: LxdNetworksPost; members: NetworkMemberConfig[] }) =>
      members.length > 0
        ? createClusteredNetwork(project, body, members)
        : createNetwork(project, body),
    // A failed fan-out may leave a pending network behind: the list shows it.
    onSettled: invalidate,
  });
}

export function useUpdateNetwork(project: string, name: string) {
  const invalidate = useInvalidateNetworking();
  return useMutation({
    mutationFn: ({
      body,
      members,
      clustered,
      etag,
    }: {
      body: LxdNetworkPut;
      members: NetworkMemberConfig[];
      clustered: boolean;
      etag: string | undefined;
    }) =>
      clustered
        ? updateClusteredNetwork(project, name, body, members, etag)
        : updateNetwork(project, name, body, etag),
    onSuccess: invalidate,
  });
}

export function useRenameNetwork(project: string) {
  const forget = useForgetNetworkingObject();
  return useMutation({
    mutationFn: ({ name, newName }: { name: string; newName: string }) =>
      renameNetwork(project, name, newName),
    onSuccess: (_result, { name }) => {
      forget(networkingKeys.network(project, name));
    },
  });
}

export function useDeleteNetwork(project: string) {
  const forget = useForgetNetworkingObject();
  return useMutation({
    mutationFn: (name: string) => deleteNetwork(project, name),
    onSuccess: (_result, name) => {
      forget(networkingKeys.network(project, name));
    },
  });
}
