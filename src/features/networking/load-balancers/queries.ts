import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createLoadBalancer,
  deleteLoadBalancer,
  fetchLoadBalancer,
  fetchLoadBalancers,
  updateLoadBalancer,
} from '../../../lxd/endpoints/network-load-balancers';
import type {
  LxdNetworkLoadBalancerPut,
  LxdNetworkLoadBalancersPost,
} from '../../../lxd/types/network';
import { networkingKeys } from '../keys';

export function loadBalancersQuery(project: string, network: string) {
  return queryOptions({
    queryKey: networkingKeys.loadBalancers(project, network),
    queryFn: ({ signal }) => fetchLoadBalancers(project, network, signal),
  });
}

export function loadBalancerQuery(
  project: string,
  network: string,
  address: string,
  member?: string,
) {
  return queryOptions({
    queryKey: [...networkingKeys.loadBalancers(project, network), address, member ?? ''] as const,
    queryFn: ({ signal }) =>
      fetchLoadBalancer(project, network, address, { target: member, signal }),
  });
}

function useInvalidateNetworking() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: networkingKeys.all });
}

export function useCreateLoadBalancer(project: string, network: string) {
  const invalidate = useInvalidateNetworking();
  return useMutation({
    mutationFn: (body: LxdNetworkLoadBalancersPost) => createLoadBalancer(project, network, body),
    onSuccess: invalidate,
  });
}

export function useUpdateLoadBalancer(
  project: string,
  network: string,
  address: string,
  member?: string,
) {
  const invalidate = useInvalidateNetworking();
  return useMutation({
    mutationFn: ({ body, etag }: { body: LxdNetworkLoadBalancerPut; etag: string | undefined }) =>
      updateLoadBalancer(project, network, address, body, etag, member),
    onSuccess: invalidate,
  });
}

export function useDeleteLoadBalancer(project: string, network: string) {
  const invalidate = useInvalidateNetworking();
  return useMutation({
    mutationFn: ({ address, member }: { address: string; member?: string | undefined }) =>
      deleteLoadBalancer(project, network, address, member),
    onSuccess: invalidate,
  });
}
