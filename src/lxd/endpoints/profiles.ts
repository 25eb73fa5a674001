import { del, get, getWithEtag, post, put, type LxdResult } from '../client';
import { operationId, waitForOperation } from '../operations';
import type { LxdProfile, LxdProfilePut, LxdProfilesPost } from '../types/profile';

const profilePath = (name: string) => `/1.0/profiles/${encodeURIComponent(name)}`;

/** GET /1.0/profiles?project&recursion=1, optionally with the caller's entitlements. */
export function fetchProfiles(
  project: string,
  options: { entitlements?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<LxdProfile[]> {
  return get<LxdProfile[]>('/1.0/profiles', {
    project,
    recursion: 1,
    params: { 'with-access-entitlements': options.entitlements },
    signal: options.signal,
  });
}

/** GET /1.0/profiles/{name}?project&recursion=1, keeping the ETag for a later PUT. */
export function fetchProfile(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<LxdProfile> {
  return getWithEtag<LxdProfile>(profilePath(name), { project, recursion: 1, signal });
}

/** Writes may answer synchronously or with an operation (LXD 6.6+): wait for either. */
async function settled(result: LxdResult<unknown>, project: string): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result), { project });
}

export async function createProfile(project: string, body: LxdProfilesPost): Promise<void> {
  await settled(await post('/1.0/profiles', body, { project }), project);
}

/** PUT the whole profile with the ETag it was read with (412 when someone else changed it). */
export async function updateProfile(
  project: string,
  name: string,
  body: LxdProfilePut,
  etag: string | undefined,
): Promise<void> {
  await settled(await put(profilePath(name), body, { project, etag }), project);
}

export async function renameProfile(project: string, name: string, newName: string) {
  await settled(await post(profilePath(name), { name: newName }, { project }), project);
}

export async function deleteProfile(project: string, name: string): Promise<void> {
  await settled(await del(profilePath(name), { project }), project);
}
