/**
 * Pure rules of custom ISO volumes: the name an uploaded file gets (spec §5: derived from the
 * file name, made unique with -1, -2 …), the checks of an edited name, what uses a volume (its
 * used_by, read by src/lxd/used-by.ts) and why it cannot be deleted.
 */
import type { LxdStorageVolume } from '../../../lxd/types/storage';
import { usedByRefs, type UsedByRef } from '../../../lxd/used-by';
import {
  RESOURCE_NAME_MAX_LENGTH,
  STORAGE_VOLUME_NAME_EXISTS,
  resourceNameFromFile,
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
  /** Spec §5, when the lookup found the name. */
  nameTaken: STORAGE_VOLUME_NAME_EXISTS,
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

/** What uses an ISO, from its `used_by` (src/lxd/used-by.ts): instances and profiles. */
export type IsoUserKind = 'instance' | 'profile' | 'other';

export function isoUserKind(ref: UsedByRef): IsoUserKind {
  if (ref.kind === 'instance' && !ref.parent) return 'instance';
  return ref.kind === 'profile' ? 'profile' : 'other';
}

/** The name a user goes by: an instance's or profile's, else the last part of its URL. */
export function isoUserName(ref: UsedByRef): string {
  if (isoUserKind(ref) !== 'other') return ref.name;
  const path = ref.url.split('?', 1)[0] ?? '';
  const last = path.split('/').filter(Boolean).at(-1) ?? ref.url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const plural = (count: number, word: string) => `${String(count)} ${word}${count === 1 ? '' : 's'}`;

/** "2 instances", "1 instance and 1 profile": what uses a volume. */
export function usedBySummary(refs: readonly UsedByRef[]): string {
  const count = (kind: IsoUserKind) => refs.filter((ref) => isoUserKind(ref) === kind).length;
  const words: [IsoUserKind, string][] = [
    ['instance', 'instance'],
    ['profile', 'profile'],
    ['other', 'other object'],
  ];
  return words
    .filter(([kind]) => count(kind) > 0)
    .map(([kind, word]) => plural(count(kind), word))
    .join(' and ');
}

/** Why an ISO volume cannot be deleted (it is in use), or undefined. */
export function deleteIsoBlocker(volume: Pick<LxdStorageVolume, 'used_by'>, project: string) {
  const refs = usedByRefs(volume.used_by, project);
  if (refs.length === 0) return undefined;
  const names = refs.map(isoUserName).join(', ');
  return `In use by ${usedBySummary(refs)} (${names}): detach it before deleting it.`;
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
