import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchClusterMembers } from '../../../lxd/endpoints/cluster';
import {
  createNetworkForward,
  deleteNetworkForward,
  fetchInstancesWithState,
  fetchNetworkForward,
  fetchNetworkForwards,
  updateNetworkForward,
} from '../../../lxd/endpoints/network-forwards';
import { fetchNetworks, fetchNetworkState } from '../../../lxd/endpoints/networks';
import { LxdApiError } from '../../../lxd/client';
import type { LxdNetworkForwardPut, LxdNetworkForwardsPost } from '../../../lxd/types/network';
import { networkingKeys } from '../keys';

export function forwardsQuery(project: string, network: string) {
  return queryOptions({
    queryKey: networkingKeys.forwards(project, network),
    queryFn: ({ signal }) => fetchNetworkForwards(project, network, signal),
  });
}

export function forwardQuery(project: string, network: string, address: string, member?: string) {
  return queryOptions({
    queryKey: networkingKeys.forward(project, network, address, member),
    queryFn: ({ signal }) =>
      fetchNetworkForward(project, network, address, { target: member, signal }),
  });
}

/** The network a form is for (its configured addresses and type). */
export function formNetworkQuery(project: string, network: string) {
  return queryOptions({
    queryKey: [...networkingKeys.all, 'form-network', project, network] as const,
    queryFn: async ({ signal }) => {
      const found = (await fetchNetworks(project, signal)).find((n) => n.name === network);
      if (!found) throw new LxdApiError('Network not found', 404);
      return found;
    },
  });
}

/** The network's live addresses, offered as listen addresses. */
export function formNetworkStateQuery(project: string, network: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...networkingKeys.all, 'form-network-state', project, network] as const,
    queryFn: ({ signal }) => fetchNetworkState(project, network, { signal }),
    enabled,
    retry: false,
  });
}

/** The project's instances with their addresses (recursion=2), for the target pickers. */
export function instanceAddressesQuery(project: string) {
  return queryOptions({
    queryKey: [...networkingKeys.all, 'instance-addresses', project] as const,
    queryFn: ({ signal }) => fetchInstancesWithState(project, signal),
    staleTime: 10_000,
  });
}

export function clusterMembersQuery(enabled: boolean) {
  return queryOptions({
    queryKey: [...networkingKeys.all, 'cluster-members'] as const,
    queryFn: ({ signal }) => fetchClusterMembers(signal),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidateNetworking() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: networkingKeys.all });
}

export function useCreateForward(project: string, network: string) {
  const invalidate = useInvalidateNetworking();
  return useMutation({
    mutationFn: ({ body, member }: { body: LxdNetworkForwardsPost; member?: string | undefined }) =>
      createNetworkForward(project, network, body, member),
    onSuccess: invalidate,
  });
}

export function useUpdateForward(
  project: string,
  network: string,
  address: string,
  member?: string,
) {
  const invalidate = useInvalidateNetworking();
  return useMutation({
    mutationFn: ({ body, etag }: { body: LxdNetworkForwardPut; etag: string | undefined }) =>
      updateNetworkForward(project, network, address, body, etag, member),
    onSuccess: invalidate,
  });
}

export function useDeleteForward(project: string, network: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ address, member }: { address: string; member?: string | undefined }) =>
      deleteNetworkForward(project, network, address, member),
    onSuccess: (_result, { address, member }) => {
      client.removeQueries({ queryKey: networkingKeys.forward(project, network, address, member) });
      void client.invalidateQueries({ queryKey: networkingKeys.all });
    },
  });
}
