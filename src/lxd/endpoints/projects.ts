import { del, get, getWithEtag, post, put, type LxdResult } from '../client';
import { operationId, waitForOperation } from '../operations';
import type { LxdProject, LxdProjectPut, LxdProjectsPost } from '../types/project';

/** Every project the caller may see (of another server than the page's with `remote`). */
export function fetchProjects(signal?: AbortSignal, remote?: string | null): Promise<LxdProject[]> {
  return get<LxdProject[]>('/1.0/projects', { recursion: 1, signal, remote });
}

export function fetchProject(name: string, signal?: AbortSignal): Promise<LxdProject> {
  return getWithEtag<LxdProject>(`/1.0/projects/${encodeURIComponent(name)}`, { signal });
}

/** The projects with the caller's entitlements on each (fine-grained identities only). */
export function fetchProjectsWithEntitlements(
  entitlements: string | undefined,
  signal?: AbortSignal,
): Promise<LxdProject[]> {
  return get<LxdProject[]>('/1.0/projects', {
    recursion: 1,
    params: { 'with-access-entitlements': entitlements },
    signal,
  });
}

/** Writes may answer synchronously or with an operation (newer servers): wait for either. */
async function settled(result: LxdResult<unknown>): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result));
}

const projectPath = (name: string) => `/1.0/projects/${encodeURIComponent(name)}`;

export async function createProject(body: LxdProjectsPost): Promise<void> {
  await settled(await post('/1.0/projects', body));
}

/** PUT the whole project with the ETag it was read with (412 when someone else changed it). */
export async function updateProject(
  name: string,
  body: LxdProjectPut,
  etag: string | undefined,
): Promise<void> {
  await settled(await put(projectPath(name), body, { etag }));
}

export async function renameProject(name: string, newName: string): Promise<void> {
  await settled(await post(projectPath(name), { name: newName }));
}

/** `force` (extension projects_force_delete) deletes the project with everything in it. */
export async function deleteProject(name: string, force = false): Promise<void> {
  await settled(await del(projectPath(name), { params: force ? { force: 1 } : undefined }));
}

/** One resource of GET /1.0/projects/{name}/state: Limit -1 means no limit. */
export interface LxdProjectResource {
  Limit: number;
  Usage: number;
}

export interface LxdProjectState {
  resources: Record<string, LxdProjectResource>;
}

export function fetchProjectState(name: string, signal?: AbortSignal): Promise<LxdProjectState> {
  return get<LxdProjectState>(`${projectPath(name)}/state`, { signal });
}
