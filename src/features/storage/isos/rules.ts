/**
 * Pure rules of custom ISO volumes: the name an uploaded file gets (spec §5: derived from the
 * file name, made unique with -1, -2 …), the checks of an edited name, who uses a volume and
 * why it cannot be deleted.
 */
import type { LxdStorageVolume } from '../../../lxd/types/storage';
import {
  RESOURCE_NAME_MAX_LENGTH,
  STORAGE_VOLUME_NAME_EXISTS,
  resourceNameFromFile,
  takenNameError,
  uniqueName,
} from '../../../shared/validation';

export const ISO_EXTENSION = 'custom_volume_iso';

export const ISO_MESSAGES = {
  unsupported: 'This server does not support custom ISO volumes.',
  fileRequired: 'Choose an ISO file',
  poolRequired: 'Choose a storage pool',
  nameRequired: 'Enter a name for the ISO volume',
  nameLength: `The name can be at most ${RESOURCE_NAME_MAX_LENGTH} characters long`,
  nameCharacters: 'Only letters, digits, hyphens, underscores and dots are allowed',
  nameDots: 'The name cannot be "." or ".."',
} as const;

/**
 * The name for an uploaded file: `resourceNameFromFile`, and while `taken` says the name exists,
 * the same with -1, -2 … (cut so that the name with its suffix stays within 63 characters).
 */
export function isoNameForFile(fileName: string, taken: (name: string) => boolean): string {
  const base = resourceNameFromFile(fileName);
  const clip = (candidate: string) =>
    candidate === base ? base : resourceNameFromFile(fileName, candidate.slice(base.length));
  return clip(uniqueName(base, (candidate) => taken(clip(candidate))));
}

/** The first format rule an edited name breaks, or undefined (uniqueness is asked of LXD). */
export function isoNameError(name: string): string | undefined {
  if (name === '') return ISO_MESSAGES.nameRequired;
  if (name.length > RESOURCE_NAME_MAX_LENGTH) return ISO_MESSAGES.nameLength;
  if (name === '.' || name === '..') return ISO_MESSAGES.nameDots;
  // LXD refuses slashes, backslashes and white space; a name also travels in an HTTP header,
  // which takes printable ASCII only.
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) return ISO_MESSAGES.nameCharacters;
  return undefined;
}

/** Spec §5: 'A storage volume with this name already exists' when the lookup found it. */
export function isoNameTakenError(name: string, taken: boolean): string | undefined {
  return takenNameError(STORAGE_VOLUME_NAME_EXISTS, name, taken);
}

/** Something that uses a volume, from its `used_by` URL. */
export interface VolumeUser {
  kind: 'instance' | 'profile' | 'other';
  name: string;
  project: string;
  url: string;
}

/** `/1.0/instances/vm1?project=p` → instance vm1 in p (the project defaults to `fallback`). */
export function volumeUser(url: string, fallback: string): VolumeUser {
  const [path = '', query = ''] = url.split('?', 2);
  const parts = path.split('/').filter(Boolean);
  const project = new URLSearchParams(query).get('project') ?? fallback;
  const name = decodeURIComponent(parts[2] ?? url);
  if (parts.length === 3 && parts[0] === '1.0' && parts[1] === 'instances') {
    return { kind: 'instance', name, project, url };
  }
  if (parts.length === 3 && parts[0] === '1.0' && parts[1] === 'profiles') {
    return { kind: 'profile', name, project, url };
  }
  return { kind: 'other', name: decodeURIComponent(parts.at(-1) ?? url), project, url };
}

export function volumeUsers(volume: Pick<LxdStorageVolume, 'used_by'>, project: string) {
  return (volume.used_by ?? []).map((url) => volumeUser(url, project));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "2 instances", "1 instance and 1 profile": what uses a volume. */
export function usedBySummary(users: readonly VolumeUser[]): string {
  const instances = users.filter((user) => user.kind === 'instance').length;
  const profiles = users.filter((user) => user.kind === 'profile').length;
  const others = users.length - instances - profiles;
  const parts = [
    instances > 0 ? plural(instances, 'instance') : '',
    profiles > 0 ? plural(profiles, 'profile') : '',
    others > 0 ? plural(others, 'other object') : '',
  ].filter(Boolean);
  return parts.join(' and ');
}

/** Why an ISO volume cannot be deleted (it is in use), or undefined. */
export function deleteIsoBlocker(volume: Pick<LxdStorageVolume, 'used_by'>, project: string) {
  const users = volumeUsers(volume, project);
  if (users.length === 0) return undefined;
  const names = users.map((user) => user.name).join(', ');
  return `In use by ${usedBySummary(users)} (${names}): detach it before deleting it.`;
}

/** The size of an ISO volume: LXD records it in bytes in `config.size`. */
export function isoSizeBytes(volume: Pick<LxdStorageVolume, 'config'>): number | undefined {
  const size = volume.config.size;
  if (!size || !/^\d+$/.test(size)) return undefined;
  return Number(size);
}

/** Search: name or pool contains the text (any case). */
export function matchIso(search: string) {
  const q = search.trim().toLowerCase();
  return (volume: Pick<LxdStorageVolume, 'name' | 'pool' | 'description'>) =>
    !q ||
    volume.name.toLowerCase().includes(q) ||
    (volume.pool ?? '').toLowerCase().includes(q) ||
    volume.description.toLowerCase().includes(q);
}

/** Rows are keyed by pool and name: two pools may hold volumes of the same name. */
export const isoKey = (volume: Pick<LxdStorageVolume, 'name' | 'pool'>) =>
  `${volume.pool ?? ''}/${volume.name}`;
