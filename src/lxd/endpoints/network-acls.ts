/**
 * Network ACL calls (the LXD reference, doc/rest-api.yaml: /1.0/network-acls). Writes answer
 * synchronously on LXD 5.x and with an operation from LXD 6.8: both are awaited.
 */
import { del, get, getWithEtag, post, put, type LxdResult, type WithEtag } from '../client';
import { operationId, waitForOperation } from '../operations';
import type { LxdNetworkAcl, LxdNetworkAclPut, LxdNetworkAclsPost } from '../types/network';
import { getText } from '../client';
import { nameExists } from './names';

export const networkAclPath = (name: string) => `/1.0/network-acls/${encodeURIComponent(name)}`;

/**
 * Spec §8: network ACL rows without metadata are an error. A list answer must carry an array of
 * ACL objects; anything else (no metadata, URLs instead of objects, rows without a name) is
 * refused with this message instead of showing an empty or broken list.
 */
export const NETWORK_ACL_NO_METADATA = 'Network ACLs have no row metadata';

function isAclRow(row: unknown): row is LxdNetworkAcl {
  return (
    typeof row === 'object' &&
    row !== null &&
    typeof (row as { name?: unknown }).name === 'string' &&
    (row as { name: string }).name !== ''
  );
}

/** Checks a list answer's rows (spec §8) and returns them. */
export function aclRows(metadata: unknown): LxdNetworkAcl[] {
  if (!Array.isArray(metadata) || !metadata.every(isAclRow)) {
    throw new Error(NETWORK_ACL_NO_METADATA);
  }
  return metadata;
}

/** GET /1.0/network-acls?project&recursion=1, optionally with the caller's entitlements. */
export async function fetchNetworkAcls(
  project: string,
  options: { entitlements?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<LxdNetworkAcl[]> {
  const metadata = await get<unknown>('/1.0/network-acls', {
    project,
    recursion: 1,
    params: { 'with-access-entitlements': options.entitlements },
    signal: options.signal,
  });
  return aclRows(metadata);
}

/** GET /1.0/network-acls/{name}?project, keeping the ETag for a later PUT. */
export function fetchNetworkAcl(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<WithEtag<LxdNetworkAcl>> {
  return getWithEtag<LxdNetworkAcl>(networkAclPath(name), { project, signal });
}

/** Spec §7 name check: GET /1.0/network-acls/{name}?project (404 = free). */
export function networkAclNameExists(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<boolean> {
  return nameExists('network-acls', name, signal ? { project, signal } : { project });
}

/** Writes may answer at once or with an operation (LXD 6.8+): wait for either. */
async function settled(result: LxdResult<unknown>, project: string): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result), { project });
}

export async function createNetworkAcl(project: string, body: LxdNetworkAclsPost): Promise<void> {
  await settled(await post('/1.0/network-acls', body, { project }), project);
}

/** PUT the whole ACL with the ETag it was read with (412 when someone else changed it). */
export async function updateNetworkAcl(
  project: string,
  name: string,
  body: LxdNetworkAclPut,
  etag: string | undefined,
): Promise<void> {
  await settled(await put(networkAclPath(name), body, { project, etag }), project);
}

/** POST /1.0/network-acls/{name} {name}: rename. */
export async function renameNetworkAcl(
  project: string,
  name: string,
  newName: string,
): Promise<void> {
  await settled(await post(networkAclPath(name), { name: newName }, { project }), project);
}

/** DELETE /1.0/network-acls/{name}; LXD refuses while the ACL is in use. */
export async function deleteNetworkAcl(project: string, name: string): Promise<void> {
  await settled(await del(networkAclPath(name), { project }), project);
}

/**
 * GET /1.0/network-acls/{name}/log: the raw log text (LXD reads it from OVN; other networks
 * answer an error, which is thrown with LXD's text).
 */
export function fetchNetworkAclLog(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<string> {
  return getText(`${networkAclPath(name)}/log`, { project, signal });
}
