import { buildUrl, del, get, getWithEtag, put, type LxdResult, type WithEtag } from '../client';
import type { InstanceStatePut, LxdInstance, LxdInstanceState } from '../types/instance';

const instancePath = (name: string) => `/1.0/instances/${encodeURIComponent(name)}`;

/**
 * The list call of one project, or of every project when `project` is undefined. index.html
 * starts the same URL before the code has loaded (see ../early.ts); keep the two in step.
 * recursion=1: the instances with their configuration, no live state. `entitlements` adds
 * `with-access-entitlements` (fine-grained identities only; never started early).
 */
export function instancesListUrl(project: string | undefined, entitlements?: string): string {
  const params = { 'with-access-entitlements': entitlements };
  return project === undefined
    ? buildUrl('/1.0/instances', { recursion: 1, params: { 'all-projects': true, ...params } })
    : buildUrl('/1.0/instances', { project, recursion: 1, params });
}

function fetchList(project: string | undefined, signal?: AbortSignal, entitlements?: string) {
  return get<LxdInstance[]>(instancesListUrl(project, entitlements), { signal });
}

export function fetchInstances(
  project: string,
  signal?: AbortSignal,
  entitlements?: string,
): Promise<LxdInstance[]> {
  return fetchList(project, signal, entitlements);
}

/** Every instance the user may see, across projects. */
export function fetchAllProjectsInstances(
  signal?: AbortSignal,
  entitlements?: string,
): Promise<LxdInstance[]> {
  return fetchList(undefined, signal, entitlements);
}

/** GET /1.0/instances/{name}: one instance with its ETag (for a later PUT). */
export function fetchInstance(
  project: string,
  name: string,
  signal?: AbortSignal,
  entitlements?: string,
): Promise<WithEtag<LxdInstance>> {
  return getWithEtag<LxdInstance>(instancePath(name), {
    project,
    params: { 'with-access-entitlements': entitlements },
    signal,
  });
}

/** The live state of one instance: addresses, memory, disk, processes. */
export function fetchInstanceState(
  name: string,
  project: string,
  signal?: AbortSignal,
): Promise<LxdInstanceState> {
  return get<LxdInstanceState>(`${instancePath(name)}/state`, { project, signal });
}

/** The snapshot URLs of one instance (recursion=0: cheap, enough for a count). */
export async function fetchInstanceSnapshotUrls(
  name: string,
  project: string,
  signal?: AbortSignal,
): Promise<string[]> {
  return (await get<string[] | null>(`${instancePath(name)}/snapshots`, { project, signal })) ?? [];
}

/** PUT /1.0/instances/{name}/state: answers with an operation (or synchronously). */
export function putInstanceState(
  name: string,
  project: string,
  body: InstanceStatePut,
): Promise<LxdResult<unknown>> {
  return put(`${instancePath(name)}/state`, body, { project });
}

/** DELETE /1.0/instances/{name}: answers with an operation (or synchronously). */
export function deleteInstance(name: string, project: string): Promise<LxdResult<unknown>> {
  return del(instancePath(name), { project });
}
