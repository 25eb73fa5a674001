/** Helpers for the profile and project specs: create and remove objects through the API. */
import type { LxdApi } from './lxd-api';

export interface ApiProfile {
  name: string;
  description: string;
  config: Record<string, string>;
  devices: Record<string, Record<string, string>>;
  used_by: string[];
}

export interface ApiProject {
  name: string;
  description: string;
  config: Record<string, string>;
  used_by: string[];
}

const q = (project: string) => `project=${encodeURIComponent(project)}`;

export async function createProfile(
  api: LxdApi,
  name: string,
  body: Partial<Omit<ApiProfile, 'name' | 'used_by'>> = {},
  project = 'default',
) {
  await api.run('POST', `/1.0/profiles?${q(project)}`, {
    name,
    description: body.description ?? '',
    config: body.config ?? {},
    devices: body.devices ?? {},
  });
}

export async function getProfile(api: LxdApi, name: string, project = 'default') {
  return api.get<ApiProfile>(`/1.0/profiles/${encodeURIComponent(name)}?${q(project)}`);
}

export async function profileExists(api: LxdApi, name: string, project = 'default') {
  try {
    await getProfile(api, name, project);
    return true;
  } catch {
    return false;
  }
}

/** Deletes a profile if it is there (tests clean up whatever they made). */
export async function removeProfile(api: LxdApi, name: string, project = 'default') {
  if (await profileExists(api, name, project)) {
    await api.run('DELETE', `/1.0/profiles/${encodeURIComponent(name)}?${q(project)}`);
  }
}

export async function getProject(api: LxdApi, name: string) {
  return api.get<ApiProject>(`/1.0/projects/${encodeURIComponent(name)}`);
}

export async function projectExists(api: LxdApi, name: string) {
  try {
    await getProject(api, name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Deletes a project if it is there, with the profiles other than default it still holds. A
 * project without `features.profiles` lists the default project's profiles: those belong to
 * other tests and are left alone (each URL names its project; none means default).
 */
export async function removeProject(api: LxdApi, name: string) {
  if (!(await projectExists(api, name))) return;
  const profiles = await api.get<string[]>(`/1.0/profiles?${q(name)}`);
  for (const url of profiles) {
    const parsed = new URL(url, 'https://lxd');
    if ((parsed.searchParams.get('project') ?? 'default') !== name) continue;
    const profile = decodeURIComponent(parsed.pathname.split('/').pop() ?? '');
    if (profile && profile !== 'default') await removeProfile(api, profile, name);
  }
  await api.run('DELETE', `/1.0/projects/${encodeURIComponent(name)}`);
}
