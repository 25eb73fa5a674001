/**
 * Network forward calls (the LXD reference: /1.0/networks/{network}/forwards). Forwards of a
 * bridge are member-specific in a cluster: `target` names the member. Writes answer
 * synchronously on LXD 5.x and with an operation from LXD 6.8: both are awaited.
 */
import { del, get, getWithEtag, post, put, type LxdResult, type WithEtag } from '../client';
import { operationId, waitForOperation } from '../operations';
import type { LxdInstance, LxdInstanceState } from '../types/instance';
import type {
  LxdNetworkForward,
  LxdNetworkForwardPut,
  LxdNetworkForwardsPost,
} from '../types/network';
import { networkPath } from './networks';

export const networkForwardsPath = (network: string) => `${networkPath(network)}/forwards`;
export const networkForwardPath = (network: string, address: string) =>
  `${networkForwardsPath(network)}/${encodeURIComponent(address)}`;

interface Where {
  target?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** GET /1.0/networks/{network}/forwards?project&recursion=1 (every member's forwards). */
export async function fetchNetworkForwards(
  project: string,
  network: string,
  signal?: AbortSignal,
): Promise<LxdNetworkForward[]> {
  const forwards = await get<LxdNetworkForward[] | null>(networkForwardsPath(network), {
    project,
    recursion: 1,
    signal,
  });
  return forwards ?? [];
}

/** GET one forward with its ETag (`target`: the member it lives on, in a cluster). */
export function fetchNetworkForward(
  project: string,
  network: string,
  address: string,
  options: Where = {},
): Promise<WithEtag<LxdNetworkForward>> {
  return getWithEtag<LxdNetworkForward>(networkForwardPath(network, address), {
    project,
    target: options.target,
    signal: options.signal,
  });
}

async function settled(result: LxdResult<unknown>, project: string): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result), { project });
}

export async function createNetworkForward(
  project: string,
  network: string,
  body: LxdNetworkForwardsPost,
  target?: string,
): Promise<void> {
  await settled(await post(networkForwardsPath(network), body, { project, target }), project);
}

/** PUT the whole forward with the ETag it was read with. */
export async function updateNetworkForward(
  project: string,
  network: string,
  address: string,
  body: LxdNetworkForwardPut,
  etag: string | undefined,
  target?: string,
): Promise<void> {
  await settled(
    await put(networkForwardPath(network, address), body, { project, etag, target }),
    project,
  );
}

export async function deleteNetworkForward(
  project: string,
  network: string,
  address: string,
  target?: string,
): Promise<void> {
  await settled(await del(networkForwardPath(network, address), { project, target }), project);
}

/** An instance as `recursion=2` returns it: with its live state (addresses per interface). */
export type LxdInstanceWithState = LxdInstance & { state?: LxdInstanceState | null };

/**
 * GET /1.0/instances?project&recursion=2: the project's instances with their state, for the
 * address pickers of forwards and load balancers.
 */
export async function fetchInstancesWithState(
  project: string,
  signal?: AbortSignal,
): Promise<LxdInstanceWithState[]> {
  const instances = await get<LxdInstanceWithState[] | null>('/1.0/instances', {
    project,
    recursion: 2,
    signal,
  });
  return instances ?? [];
}
