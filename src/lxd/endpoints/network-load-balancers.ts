/**
 * Network load balancer calls (servers with `network_load_balancer`; LXD 5.0 lacks them). Shaped
 * by the LXD reference: /1.0/networks/{network}/load-balancers. The reference has no state
 * endpoint for a load balancer (only for load balancer pools), so none is called.
 */
import { del, get, getWithEtag, post, put, type LxdResult, type WithEtag } from '../client';
import { operationId, waitForOperation } from '../operations';
import type {
  LxdNetworkLoadBalancer,
  LxdNetworkLoadBalancerPut,
  LxdNetworkLoadBalancersPost,
} from '../types/network';
import { networkPath } from './networks';

export const loadBalancersPath = (network: string) => `${networkPath(network)}/load-balancers`;
export const loadBalancerPath = (network: string, address: string) =>
  `${loadBalancersPath(network)}/${encodeURIComponent(address)}`;

/** GET /1.0/networks/{network}/load-balancers?project&recursion=1. */
export async function fetchLoadBalancers(
  project: string,
  network: string,
  signal?: AbortSignal,
): Promise<LxdNetworkLoadBalancer[]> {
  const balancers = await get<LxdNetworkLoadBalancer[] | null>(loadBalancersPath(network), {
    project,
    recursion: 1,
    signal,
  });
  return balancers ?? [];
}

/** GET one load balancer with its ETag. */
export function fetchLoadBalancer(
  project: string,
  network: string,
  address: string,
  options: { target?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<WithEtag<LxdNetworkLoadBalancer>> {
  return getWithEtag<LxdNetworkLoadBalancer>(loadBalancerPath(network, address), {
    project,
    ...options,
  });
}

async function settled(result: LxdResult<unknown>, project: string): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result), { project });
}

export async function createLoadBalancer(
  project: string,
  network: string,
  body: LxdNetworkLoadBalancersPost,
  target?: string,
): Promise<void> {
  await settled(await post(loadBalancersPath(network), body, { project, target }), project);
}

/** PUT the whole load balancer with the ETag it was read with. */
export async function updateLoadBalancer(
  project: string,
  network: string,
  address: string,
  body: LxdNetworkLoadBalancerPut,
  etag: string | undefined,
  target?: string,
): Promise<void> {
  await settled(
    await put(loadBalancerPath(network, address), body, { project, etag, target }),
    project,
  );
}

export async function deleteLoadBalancer(
  project: string,
  network: string,
  address: string,
  target?: string,
): Promise<void> {
  await settled(await del(loadBalancerPath(network, address), { project, target }), project);
}
