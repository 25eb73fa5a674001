/**
 * What the NIC devices of the instance and profile forms choose from: the project's managed
 * networks (with their type and subnets, for the address fields and rules) and its network
 * ACLs (security.acls of OVN NICs). Kept under the networking keys: network events refresh it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchNetworkAclNames, fetchNetworks } from '../../../lxd/endpoints/networks';
import type { LxdNetwork } from '../../../lxd/types/network';
import type { NicNetwork } from '../../../shared/config-form';
import { networkingKeys } from '../keys';

export function toNicNetworks(networks: readonly LxdNetwork[]): NicNetwork[] {
  return networks
    .filter((network) => network.managed)
    .map((network) => ({
      name: network.name,
      type: network.type,
      ipv4Address: network.config['ipv4.address'],
      ipv6Address: network.config['ipv6.address'],
    }));
}

export function nicNetworksQuery(project: string) {
  return queryOptions({
    queryKey: [...networkingKeys.all, 'nic-networks', project] as const,
    queryFn: async ({ signal }) => toNicNetworks(await fetchNetworks(project, signal)),
    staleTime: 60_000,
  });
}

export function nicAclsQuery(project: string) {
  return queryOptions({
    queryKey: [...networkingKeys.all, 'nic-acls', project] as const,
    queryFn: ({ signal }) => fetchNetworkAclNames(project, signal),
    staleTime: 60_000,
  });
}

/** The `networks` and `acls` props of the configuration form. */
export function useNicChoices(project: string): {
  networks: NicNetwork[];
  acls: string[] | undefined;
} {
  const networks = useQuery(nicNetworksQuery(project));
  const acls = useQuery(nicAclsQuery(project));
  return {
    networks: networks.data ?? [],
    acls: acls.data ?? (acls.isError ? [] : undefined),
  };
}
