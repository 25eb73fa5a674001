/**
 * The queries and mutations of what listens on a network's addresses, forwards and load
 * balancers alike (one shape, the calls as the parameter), and what their forms offer: the
 * network's addresses and the instances' addresses.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { LxdApiError } from '../../../lxd/client';
import { fetchInstancesWithState } from '../../../lxd/endpoints/network-forwards';
import type { ListenerCalls } from '../../../lxd/endpoints/network-listeners';
import { fetchNetworks, fetchNetworkState } from '../../../lxd/endpoints/networks';
import type { LxdNetwork } from '../../../lxd/types/network';
import { instanceAddressOptions, networkAddressOptions } from './rules';
import { networkingKeys, useForgetNetworkingObject, useInvalidateNetworking } from '../keys';

export function listenerQueries<T extends object, Post, Put>(calls: ListenerCalls<T, Post, Put>) {
  const kind = calls.collection;
  const itemKey = (project: string, network: string, address: string, member?: string) =>
    networkingKeys.listener(kind, project, network, address, member);
  return {
    listQuery: (project: string, network: string) =>
      queryOptions({
        queryKey: networkingKeys.listeners(kind, project, network),
        queryFn: ({ signal }) => calls.list(project, network, signal),
      }),
    itemQuery: (project: string, network: string, address: string, member?: string) =>
      queryOptions({
        queryKey: itemKey(project, network, address, member),
        queryFn: ({ signal }) => calls.get(project, network, address, { target: member, signal }),
      }),
    useCreate: (project: string, network: string) => {
      const invalidate = useInvalidateNetworking();
      return useMutation({
        mutationFn: ({ body, member }: { body: Post; member?: string | undefined }) =>
          calls.create(project, network, body, member),
        onSuccess: invalidate,
      });
    },
    useUpdate: (project: string, network: string, address: string, member?: string) => {
      const invalidate = useInvalidateNetworking();
      return useMutation({
        mutationFn: ({ body, etag }: { body: Put; etag: string | undefined }) =>
          calls.update(project, network, address, body, etag, member),
        onSuccess: invalidate,
      });
    },
    useDelete: (project: string, network: string) => {
      const forget = useForgetNetworkingObject();
      return useMutation({
        mutationFn: ({ address, member }: { address: string; member?: string | undefined }) =>
          calls.remove(project, network, address, member),
        onSuccess: (_result, { address, member }) => {
          forget(itemKey(project, network, address, member));
        },
      });
    },
  };
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
function formNetworkStateQuery(project: string, network: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...networkingKeys.all, 'form-network-state', project, network] as const,
    queryFn: ({ signal }) => fetchNetworkState(project, network, { signal }),
    enabled,
    retry: false,
  });
}

/** The project's instances with their addresses (recursion=2), for the target pickers. */
function instanceAddressesQuery(project: string) {
  return queryOptions({
    queryKey: [...networkingKeys.all, 'instance-addresses', project] as const,
    queryFn: ({ signal }) => fetchInstancesWithState(project, signal),
    staleTime: 10_000,
  });
}

/**
 * What the address pickers offer: the network's own addresses to listen on (its configured
 * and live ones) and the addresses of the project's instances on it as targets.
 */
export function useAddressOptions(project: string, name: string, network: LxdNetwork | undefined) {
  const state = useQuery(formNetworkStateQuery(project, name, network?.managed === true));
  const instances = useQuery(instanceAddressesQuery(project));
  return {
    listenOptions: network ? networkAddressOptions(network, state.data) : [],
    targetOptions: instanceAddressOptions(instances.data ?? [], name),
  };
}
