import {
  buildUrl,
  del,
  get,
  getWithEtag,
  post,
  put,
  type LxdResult,
  type RequestOptions,
  type WithEtag,
} from '../client';
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
  // The LXD path and query only (remote: null): `get` puts it on the page's remote.
  return project === undefined
    ? buildUrl('/1.0/instances', {
        recursion: 1,
        params: { 'all-projects': true, ...params },
        remote: null,
      })
    : buildUrl('/1.0/instances', { project, recursion: 1, params, remote: null });
}

/** What the instance type promises but a server may answer null (see normalizeInstance). */
type MaybeNull<T> = { [K in keyof T]: T[K] | null };

/**
 * An instance with its maps and lists as the console reads them. Incus answers null for an
 * instance's config, devices or profiles at some moments (one being created or deleted while the
 * list is read), where LXD answers {} and []: every screen gets {} and [] from here. The same
 * object when nothing is null (the list of thousands pays one check each).
 */
export function normalizeInstance<T extends LxdInstance>(instance: T): T {
  const loose = instance as MaybeNull<LxdInstance>;
  if (
    loose.config !== null &&
    loose.devices !== null &&
    loose.profiles !== null &&
    loose.expanded_config !== null &&
    loose.expanded_devices !== null
  ) {
    return instance;
  }
  return {
    ...instance,
    config: loose.config ?? {},
    devices: loose.devices ?? {},
    profiles: loose.profiles ?? [],
    ...(loose.expanded_config === null ? { expanded_config: {} } : {}),
    ...(loose.expanded_devices === null ? { expanded_devices: {} } : {}),
  };
}

/** Which server to ask (see RequestOptions.remote): undefined is the page's remote. */
type Remote = RequestOptions['remote'];

async function fetchList(
  project: string | undefined,
  signal?: AbortSignal,
  entitlements?: string,
  remote?: Remote,
): Promise<LxdInstance[]> {
  const list = await get<LxdInstance[] | null>(instancesListUrl(project, entitlements), {
    signal,
    remote,
  });
  return (list ?? []).map(normalizeInstance);
}

export function fetchInstances(
  project: string,
  signal?: AbortSignal,
  entitlements?: string,
  remote?: Remote,
): Promise<LxdInstance[]> {
  return fetchList(project, signal, entitlements, remote);
}

/** Every instance the user may see, across projects. */
export function fetchAllProjectsInstances(
  signal?: AbortSignal,
  entitlements?: string,
  remote?: Remote,
): Promise<LxdInstance[]> {
  return fetchList(undefined, signal, entitlements, remote);
}

/** GET /1.0/instances/{name}: one instance with its ETag (for a later PUT). */
export async function fetchInstance(
  project: string,
  name: string,
  signal?: AbortSignal,
  entitlements?: string,
  remote?: Remote,
): Promise<WithEtag<LxdInstance>> {
  const answer = await getWithEtag<LxdInstance>(instancePath(name), {
    project,
    params: { 'with-access-entitlements': entitlements },
    signal,
    remote,
  });
  return normalizeInstance(answer);
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
  remote?: Remote,
): Promise<LxdResult<unknown>> {
  return put(`${instancePath(name)}/state`, body, { project, remote });
}

/** POST /1.0/instances/{name}/snapshots {name?, stateful}: answers with an operation. */
export function postInstanceSnapshot(
  name: string,
  project: string,
  body: { name?: string; stateful: boolean },
  remote?: Remote,
): Promise<LxdResult<unknown>> {
  return post(`${instancePath(name)}/snapshots`, body, { project, remote });
}

/** DELETE /1.0/instances/{name}: answers with an operation (or synchronously). */
export function deleteInstance(
  name: string,
  project: string,
  remote?: Remote,
): Promise<LxdResult<unknown>> {
  return del(instancePath(name), { project, remote });
}
