/**
 * Query keys of the networking area (networks, ACLs, forwards, load balancers, IPAM). Every key
 * starts with `networkingKeyRoot`, so one lifecycle event refreshes every networking screen.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { networkingKeyRoot } from './events';

export const networkingKeys = {
  all: networkingKeyRoot,
  networks: (project: string) => [...networkingKeyRoot, 'networks', project] as const,
  network: (project: string, name: string, member?: string) =>
    [...networkingKeyRoot, 'network', project, name, member ?? ''] as const,
  networkState: (project: string, name: string, member?: string) =>
    [...networkingKeyRoot, 'network-state', project, name, member ?? ''] as const,
  leases: (project: string, name: string) =>
    [...networkingKeyRoot, 'leases', project, name] as const,
  acls: (project: string) => [...networkingKeyRoot, 'acls', project] as const,
  acl: (project: string, name: string) => [...networkingKeyRoot, 'acl', project, name] as const,
  /** A network's forwards or load balancers, and one of them (on a member in a cluster). */
  listeners: (kind: 'forwards' | 'load-balancers', project: string, network: string) =>
    [...networkingKeyRoot, kind, project, network] as const,
  listener: (
    kind: 'forwards' | 'load-balancers',
    project: string,
    network: string,
    address: string,
    member?: string,
  ) => [...networkingKeyRoot, kind, project, network, address, member ?? ''] as const,
  ipam: (project: string) => [...networkingKeyRoot, 'ipam', project] as const,
};

/** After a write: every networking query is stale (networks, ACLs, forwards, IPAM). */
export function useInvalidateNetworking() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: networkingKeys.all });
}

/** After a rename or delete: the object's own query is dropped, the rest refreshed. */
export function useForgetNetworkingObject() {
  const client = useQueryClient();
  return (key: QueryKey) => {
    // Not awaited: the page moves on at once.
    client.removeQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: networkingKeys.all });
  };
}
