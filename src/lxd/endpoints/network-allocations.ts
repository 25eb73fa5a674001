/**
 * GET /1.0/network-allocations (extension `network_allocations`, LXD 5.0.3 and newer): every
 * address in use in a project, by networks, instances, forwards and load balancers.
 */
import { get } from '../client';
import type { LxdNetworkAllocation } from '../types/network';

export const NETWORK_ALLOCATIONS_EXTENSION = 'network_allocations';

/** GET /1.0/network-allocations?project= */
export async function fetchNetworkAllocations(
  project: string,
  signal?: AbortSignal,
): Promise<LxdNetworkAllocation[]> {
  const allocations = await get<LxdNetworkAllocation[] | null>('/1.0/network-allocations', {
    project,
    signal,
  });
  return allocations ?? [];
}
