/**
 * Pure rules of profiles: the name (mirroring LXD's `profilesPost` checks plus the console's
 * 63-character limit, spec §9), who uses a profile (its used_by URLs), and why a profile
 * cannot be renamed or deleted.
 */
import type { LxdProfile } from '../../lxd/types/profile';
import { usedByInstances, type UsedByRef } from '../../lxd/used-by';

export const PROFILE_NAME_MAX = 63;
export const DEFAULT_PROFILE = 'default';

export const PROFILE_MESSAGES = {
  nameRequired: 'Profile name is required',
  nameLength: `Profile name must be between 1 and ${PROFILE_NAME_MAX} characters`,
  nameSlash: 'Profile names may not contain slashes',
  nameDots: 'Profile name cannot be "." or ".."',
  nameExists: 'A profile with this name already exists',
  defaultDelete: 'The default profile cannot be deleted',
  defaultRename: 'The default profile cannot be renamed',
} as const;

export function validateProfileName(
  name: string,
  existing: readonly string[] = [],
  current?: string,
): string | undefined {
  if (name === '') return PROFILE_MESSAGES.nameRequired;
  if (name.length > PROFILE_NAME_MAX) return PROFILE_MESSAGES.nameLength;
  if (name.includes('/')) return PROFILE_MESSAGES.nameSlash;
  if (name === '.' || name === '..') return PROFILE_MESSAGES.nameDots;
  if (name !== current && existing.includes(name)) return PROFILE_MESSAGES.nameExists;
  return undefined;
}

/** The instances using a profile (its used_by, snapshots left out). */
export function instancesUsing(profile: Pick<LxdProfile, 'used_by'>): UsedByRef[] {
  return usedByInstances(profile.used_by);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Why a profile cannot be deleted, or undefined when it can. */
export function deleteProfileBlocker(profile: Pick<LxdProfile, 'name' | 'used_by'>) {
  if (profile.name === DEFAULT_PROFILE) return PROFILE_MESSAGES.defaultDelete;
  const users = profile.used_by ?? [];
  if (users.length === 0) return undefined;
  const instances = instancesUsing(profile).length;
  const what =
    instances === users.length ? plural(instances, 'instance') : plural(users.length, 'object');
  return `This profile is used by ${what}. Remove it from them before deleting it.`;
}

export function renameProfileBlocker(profile: Pick<LxdProfile, 'name'>) {
  return profile.name === DEFAULT_PROFILE ? PROFILE_MESSAGES.defaultRename : undefined;
}

/** The instance list filtered by a profile (the list reads `?search=`). */
export function profileSearch(name: string): string {
  const term = /\s/.test(name) ? `"${name}"` : name;
  return `?search=profile:${encodeURIComponent(term)}`;
}

/** The Name column's order: the default profile first, then the others by name. */
export const profileNameOrder = (profile: Pick<LxdProfile, 'name'>) =>
  profile.name === DEFAULT_PROFILE ? '' : profile.name;

/** Whether a profile's name or description contains the search text (any case). */
export function matchProfile(search: string) {
  const q = search.trim().toLowerCase();
  return (profile: Pick<LxdProfile, 'name' | 'description'>) =>
    !q || profile.name.toLowerCase().includes(q) || profile.description.toLowerCase().includes(q);
}

/** A project without features.profiles uses the default project's profiles. */
export function usesDefaultProfiles(
  project: { name: string; config: Record<string, string> } | undefined,
): boolean {
  if (!project || project.name === 'default') return false;
  const value = (project.config['features.profiles'] ?? '').toLowerCase();
  return !['true', '1', 'yes', 'on'].includes(value);
}
