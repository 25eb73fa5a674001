import { get, post, put } from '../client';
import { operationId, waitForOperation } from '../operations';
import type { LxdCluster, LxdClusterGroup, LxdClusterMember } from '../types/cluster';

export function fetchCluster(signal?: AbortSignal): Promise<LxdCluster> {
  return get<LxdCluster>('/1.0/cluster', { signal });
}

/**
 * PUT /1.0/cluster {server_name, enabled: true}: turns a standalone server into the first member
 * of a new cluster. LXD answers with an operation; this waits for its end.
 */
export async function enableClustering(serverName: string): Promise<void> {
  const result = await put('/1.0/cluster', { server_name: serverName, enabled: true });
  if (result.type === 'async') await waitForOperation(operationId(result));
}

export function fetchClusterMembers(signal?: AbortSignal): Promise<LxdClusterMember[]> {
  return get<LxdClusterMember[]>('/1.0/cluster/members', { recursion: 2, signal });
}

export function fetchClusterMember(name: string, signal?: AbortSignal): Promise<LxdClusterMember> {
  return get<LxdClusterMember>(`/1.0/cluster/members/${encodeURIComponent(name)}`, {
    recursion: 2,
    signal,
  });
}

export function fetchClusterGroups(signal?: AbortSignal): Promise<LxdClusterGroup[]> {
  return get<LxdClusterGroup[]>('/1.0/cluster/groups', { recursion: 1, signal });
}

export type ClusterMemberAction = 'evacuate' | 'restore';

/**
 * POST /1.0/cluster/members/{name}/state {action, mode}: evacuates a member (its instances are
 * moved or stopped, per their `cluster.evacuate`) or restores it. `mode` is optional; without it
 * the server decides. Waits for the operation to end.
 */
export async function changeClusterMemberState(
  name: string,
  action: ClusterMemberAction,
  mode?: string,
): Promise<void> {
  const result = await post(`/1.0/cluster/members/${encodeURIComponent(name)}/state`, {
    action,
    ...(mode ? { mode } : {}),
  });
  if (result.type === 'async') await waitForOperation(operationId(result));
}
