import { del, get, put, type LxdResult } from '../client';
import type { InstanceStatePut, LxdInstance, LxdInstanceState } from '../types/instance';

const instancePath = (name: string) => `/1.0/instances/${encodeURIComponent(name)}`;

/** The instances of one project with their configuration (recursion=1: no live state). */
export function fetchInstances(project: string, signal?: AbortSignal): Promise<LxdInstance[]> {
  return get<LxdInstance[]>('/1.0/instances', { project, recursion: 1, signal });
}

/** Every instance the user may see, across projects. */
export function fetchAllProjectsInstances(signal?: AbortSignal): Promise<LxdInstance[]> {
  return get<LxdInstance[]>('/1.0/instances', {
    recursion: 1,
    params: { 'all-projects': true },
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
