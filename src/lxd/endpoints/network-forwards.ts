/**
 * Network forward calls (the LXD reference: /1.0/networks/{network}/forwards), and the project's
 * instances with their addresses for the pickers of forwards and load balancers.
 */
import { get } from '../client';
import type { LxdInstance, LxdInstanceState } from '../types/instance';
import type {
  LxdNetworkForward,
  LxdNetworkForwardPut,
  LxdNetworkForwardsPost,
} from '../types/network';
import { listenerCalls } from './network-listeners';
import { normalizeInstance } from './instances';

export const networkForwardCalls = listenerCalls<
  LxdNetworkForward,
  LxdNetworkForwardsPost,
  LxdNetworkForwardPut
>('forwards');

export const {
  list: fetchNetworkForwards,
  get: fetchNetworkForward,
  create: createNetworkForward,
  update: updateNetworkForward,
  remove: deleteNetworkForward,
} = networkForwardCalls;

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
  return (instances ?? []).map(normalizeInstance);
}
