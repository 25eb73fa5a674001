import { del, get, getWithEtag, post, put, type WithEtag } from '../client';
import { operationId, waitForOperation } from '../operations';
import type {
  LxdCluster,
  LxdClusterGroup,
  LxdClusterGroupPut,
  LxdClusterGroupsPost,
  LxdClusterMember,
  LxdClusterMemberPut,
  LxdClusterMemberState,
  LxdClusterMemberStatePost,
} from '../types/cluster';

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

const memberPath = (name: string) => `/1.0/cluster/members/${encodeURIComponent(name)}`;
const groupPath = (name: string) => `/1.0/cluster/groups/${encodeURIComponent(name)}`;

/** One member with the ETag it was read with (for the `If-Match` of its PUT). */
export function fetchClusterMember(
  name: string,
  signal?: AbortSignal,
): Promise<WithEtag<LxdClusterMember>> {
  return getWithEtag<LxdClusterMember>(memberPath(name), { recursion: 2, signal });
}

/**
 * GET /1.0/cluster/members/{name}/state: the member's load, memory, uptime and storage pools'
 * space (API extension `cluster_member_state`; LXD answers it from that member).
 */
export function fetchClusterMemberState(
  name: string,
  signal?: AbortSignal,
): Promise<LxdClusterMemberState> {
  return get<LxdClusterMemberState>(`${memberPath(name)}/state`, { signal });
}

/** PUT /1.0/cluster/members/{name} with the ETag it was read with (412 when changed since). */
export async function updateClusterMember(
  name: string,
  body: LxdClusterMemberPut,
  etag?: string,
): Promise<void> {
  await put(memberPath(name), body, { etag });
}

/** One group with its ETag. */
export function fetchClusterGroup(
  name: string,
  signal?: AbortSignal,
): Promise<WithEtag<LxdClusterGroup>> {
  return getWithEtag<LxdClusterGroup>(groupPath(name), { signal });
}

/** POST /1.0/cluster/groups {name, description, members} */
export async function createClusterGroup(body: LxdClusterGroupsPost): Promise<void> {
  await post('/1.0/cluster/groups', body);
}

/** PUT /1.0/cluster/groups/{name} {description, members}, with `If-Match` when an ETag is known. */
export async function updateClusterGroup(
  name: string,
  body: LxdClusterGroupPut,
  etag?: string,
): Promise<void> {
  await put(groupPath(name), body, { etag });
}

/** POST /1.0/cluster/groups/{name} {name}: renames a group (not `default`). */
export async function renameClusterGroup(name: string, newName: string): Promise<void> {
  await post(groupPath(name), { name: newName });
}

/** DELETE /1.0/cluster/groups/{name}: only an empty group other than `default`. */
export async function deleteClusterGroup(name: string): Promise<void> {
  await del(groupPath(name));
}

export function fetchClusterGroups(signal?: AbortSignal): Promise<LxdClusterGroup[]> {
  return get<LxdClusterGroup[]>('/1.0/cluster/groups', { recursion: 1, signal });
}

export type ClusterMemberAction = 'evacuate' | 'restore';

/** The body of a state change: `mode` only when one is chosen. */
export function memberStateBody(
  action: ClusterMemberAction,
  mode?: string,
): LxdClusterMemberStatePost {
  return mode ? { action, mode } : { action };
}

/**
 * POST /1.0/cluster/members/{name}/state {action, mode}: starts evacuating a member (its
 * instances are moved or stopped, per their `cluster.evacuate` or the mode) or restoring it.
 * Returns the operation's id (undefined when the server answered synchronously).
 */
export async function startClusterMemberStateChange(
  name: string,
  action: ClusterMemberAction,
  mode?: string,
): Promise<string | undefined> {
  const result = await post(`${memberPath(name)}/state`, memberStateBody(action, mode));
  return result.type === 'async' ? operationId(result) : undefined;
}
