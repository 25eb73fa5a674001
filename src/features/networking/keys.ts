/**
 * Query keys of the networking area (networks, ACLs, forwards, load balancers, IPAM). Every key
 * starts with `networkingKeyRoot`, so one lifecycle event refreshes every networking screen.
 */
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
  forwards: (project: string, network: string) =>
    [...networkingKeyRoot, 'forwards', project, network] as const,
  forward: (project: string, network: string, address: string, member?: string) =>
    [...networkingKeyRoot, 'forward', project, network, address, member ?? ''] as const,
  loadBalancers: (project: string, network: string) =>
    [...networkingKeyRoot, 'load-balancers', project, network] as const,
  ipam: (project: string) => [...networkingKeyRoot, 'ipam', project] as const,
};
