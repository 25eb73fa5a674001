/**
 * The IPAM list's data: GET /1.0/network-allocations where the server has it, otherwise the
 * same list assembled from networks, leases, instances and forwards (see allocations.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchNetworkAllocations } from '../../../lxd/endpoints/network-allocations';
import {
  fetchInstancesWithState,
  fetchNetworkForwards,
} from '../../../lxd/endpoints/network-forwards';
import { fetchNetworkLeases, fetchNetworks } from '../../../lxd/endpoints/networks';
import type { LxdNetworkAllocation } from '../../../lxd/types/network';
import { networkingKeys } from '../keys';
import { assembleAllocations } from './allocations';

/** Networks that hand out addresses (leases) and take forwards. */
const ADDRESSED_TYPES = new Set(['bridge', 'ovn']);

/** Per network, what `load` gives; a network whose call fails adds nothing. */
async function perNetwork<T>(
  names: readonly string[],
  load: (name: string) => Promise<T[]>,
): Promise<Record<string, T[]>> {
  const entries = await Promise.all(
    names.map(async (name) => [name, await load(name).catch(() => [])] as const),
  );
  return Object.fromEntries(entries);
}

export async function fetchAssembledAllocations(
  project: string,
  signal?: AbortSignal,
): Promise<LxdNetworkAllocation[]> {
  const [networks, instances] = await Promise.all([
    fetchNetworks(project, signal),
    fetchInstancesWithState(project, signal),
  ]);
  const addressed = networks
    .filter((network) => network.managed && ADDRESSED_TYPES.has(network.type))
    .map((network) => network.name);
  const [leases, forwards] = await Promise.all([
    perNetwork(addressed, (name) => fetchNetworkLeases(project, name, signal)),
    perNetwork(addressed, (name) => fetchNetworkForwards(project, name, signal)),
  ]);
  return assembleAllocations({ project, networks, leases, forwards, instances });
}

/** `fromServer`: the server has `network_allocations`. */
export function ipamQuery(project: string, fromServer: boolean) {
  return queryOptions({
    queryKey: [...networkingKeys.ipam(project), fromServer ? 'allocations' : 'assembled'] as const,
    queryFn: ({ signal }) =>
      fromServer
        ? fetchNetworkAllocations(project, signal)
        : fetchAssembledAllocations(project, signal),
  });
}
