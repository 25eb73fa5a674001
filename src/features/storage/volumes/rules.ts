/**
 * Pure rules of storage volumes: names (spec §5, §9), sizes, how LXD's list (which holds the
 * snapshots as `volume/snapshot` entries) becomes one row per volume with its snapshot count,
 * what uses a volume, and why an action is refused.
 */
import type { LxdStorageVolume } from '../../../lxd/types/storage';
import { joinAnd, usedByRefs, type UsedByRef } from '../../../lxd/used-by';
import { paths } from '../../../shared/routing/paths';
import { RESOURCE_NAME_MAX_LENGTH } from '../../../shared/validation';
import { BLOCK_SHRINK, SIZE_INVALID } from './sizes';

export const VOLUME_MESSAGES = {
  nameRequired: 'Volume name is required',
  nameLength: `Volume name must be at most ${RESOURCE_NAME_MAX_LENGTH} characters`,
  nameSlash: 'Volume names may not contain slashes',
  nameDots: 'Volume name cannot be "." or ".."',
  sizeInvalid: SIZE_INVALID,
  blockShrink: BLOCK_SHRINK,
  poolRequired: 'Choose a storage pool',
  backupRequired: 'Choose a backup file',
  notCustom:
    'Volumes of instances and images are managed through their instance or image, not here',
  renameInYaml: 'Use Rename to change the name of a volume',
  copyToItself: 'Choose another pool, another project or another name',
  // A move to another server deletes the volume here: LXD refuses that while it is in use.
  moveInUseToRemote:
    'Detach the volume from its instances first: moving it to another server deletes it here',
  moveNowhere: 'Choose another pool or another project',
} as const;

export {
  DEFAULT_SIZE_UNIT,
  formatSize,
  parseSize,
  SIZE_UNITS,
  sizeError,
  sizeToBytes,
} from './sizes';

export const VOLUME_TYPES = ['custom', 'container', 'virtual-machine', 'image'] as const;
export const CONTENT_TYPES = ['filesystem', 'block', 'iso'] as const;

/** A volume as a list row: its pool is always known, and its snapshots are counted. */
export interface VolumeRow extends LxdStorageVolume {
  pool: string;
  /** How many `volume/snapshot` entries LXD listed for it. */
  snapshots: number;
}

/** The rules LXD and the console apply to a volume name, before uniqueness. */
export function volumeNameError(name: string): string | undefined {
  if (name === '') return VOLUME_MESSAGES.nameRequired;
  if (name.length > RESOURCE_NAME_MAX_LENGTH) return VOLUME_MESSAGES.nameLength;
  if (name.includes('/')) return VOLUME_MESSAGES.nameSlash;
  if (name === '.' || name === '..') return VOLUME_MESSAGES.nameDots;
  return undefined;
}

/** Answers whether a custom volume name is taken in a pool of a project (404 = free). */
export type VolumeLookup = (
  project: string,
  pool: string,
  name: string,
  signal: AbortSignal,
) => Promise<boolean>;

// ---- The list ------------------------------------------------------------------------------

/** LXD lists snapshots among the volumes, named `volume/snapshot`. */
export const isSnapshotEntry = (volume: Pick<LxdStorageVolume, 'name'>) =>
  volume.name.includes('/');

const rowId = (pool: string, type: string, name: string, location: string | undefined) =>
  [pool, type, name, location && location !== 'none' ? location : ''].join('\u0000');

/**
 * One row per volume (snapshot entries left out), each with the number of snapshots LXD listed
 * under it (same pool, type, member and volume name before the '/').
 */
export function volumeRows(volumes: readonly LxdStorageVolume[], pool = ''): VolumeRow[] {
  const counts = new Map<string, number>();
  for (const volume of volumes) {
    if (!isSnapshotEntry(volume)) continue;
    const parent = volume.name.slice(0, volume.name.indexOf('/'));
    const id = rowId(volume.pool || pool, volume.type, parent, volume.location);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return volumes
    .filter((volume) => !isSnapshotEntry(volume))
    .map((volume) => {
      const volumePool = volume.pool || pool;
      return {
        ...volume,
        pool: volumePool,
        snapshots: counts.get(rowId(volumePool, volume.type, volume.name, volume.location)) ?? 0,
      };
    });
}

/** Drivers whose volumes every member reaches: a cluster member makes no sense for them. */
const SHARED_DRIVERS: ReadonlySet<string> = new Set([
  'ceph',
  'cephfs',
  'cephobject',
  'powerflex',
  'pure',
  'lvmcluster',
]);

/** Whether a new volume of `driver` lives on one member (dir, btrfs, lvm, zfs). */
export function isLocalDriver(driver: string | undefined): boolean {
  return driver !== undefined && !SHARED_DRIVERS.has(driver);
}

/** The cluster member a volume lives on, or undefined (not clustered, or a remote pool). */
export function volumeMember(
  volume: Pick<LxdStorageVolume, 'location'>,
  clustered: boolean,
): string | undefined {
  if (!clustered) return undefined;
  const location = volume.location ?? '';
  return location && location !== 'none' ? location : undefined;
}

/** The console path of a volume's detail page (with its member when clustered). */
export function volumePath(
  project: string,
  volume: Pick<LxdStorageVolume, 'name' | 'type' | 'location'> & { pool: string },
  clustered: boolean,
  tab?: string,
  section?: string,
): string {
  const member = volumeMember(volume, clustered);
  return paths.storageVolume(project, volume.pool, volume.type, volume.name, {
    ...(member ? { member } : {}),
    ...(tab ? { tab } : {}),
    ...(section ? { section } : {}),
  });
}

/** A stable key for a row: pool, type, name and member. */
export const volumeKey = (volume: VolumeRow) =>
  rowId(volume.pool, volume.type, volume.name, volume.location);

/** Whether the search text is in the volume's name, description, pool or types (any case). */
export function matchVolume(search: string) {
  const q = search.trim().toLowerCase();
  return (volume: VolumeRow) =>
    !q ||
    [volume.name, volume.description, volume.pool, volume.type, volume.content_type].some((text) =>
      (text || '').toLowerCase().includes(q),
    );
}

// ---- Who uses a volume (its used_by, read by src/lxd/used-by.ts) ------------------------------

type UserKind = 'instance' | 'profile' | 'snapshot' | 'image' | 'other';
const USER_WORDS: Readonly<Record<UserKind, string>> = {
  instance: 'instance',
  profile: 'profile',
  snapshot: 'instance snapshot',
  image: 'image',
  other: 'other object',
};
const userKind = (ref: UsedByRef): UserKind =>
  ref.kind === 'instance'
    ? ref.parent
      ? 'snapshot'
      : 'instance'
    : ref.kind === 'profile' || ref.kind === 'image'
      ? ref.kind
      : 'other';

const plural = (count: number, word: string) => `${String(count)} ${word}${count === 1 ? '' : 's'}`;

/** "2 instances and 1 profile" (instance snapshots counted apart). */
export function usedByText(refs: readonly UsedByRef[]): string {
  const counts = (Object.keys(USER_WORDS) as UserKind[])
    .map((kind) => [kind, refs.filter((ref) => userKind(ref) === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => plural(count, USER_WORDS[kind]));
  return joinAnd(counts);
}

/** Why a volume cannot be deleted, or undefined when it can. */
export function deleteVolumeBlocker(
  volume: Pick<LxdStorageVolume, 'type' | 'used_by'>,
  project: string,
): string | undefined {
  if (volume.type !== 'custom') return VOLUME_MESSAGES.notCustom;
  const refs = usedByRefs(volume.used_by, project);
  if (refs.length === 0) return undefined;
  return `This volume is used by ${usedByText(refs)}. Detach it before deleting it.`;
}

/** Rename, copy, move and backups are for custom volumes only. */
export function customOnlyBlocker(volume: Pick<LxdStorageVolume, 'type'>): string | undefined {
  return volume.type === 'custom' ? undefined : VOLUME_MESSAGES.notCustom;
}

/** The copy dialog's rule besides the name: it must go somewhere else or be named differently. */
export function copyTargetError(
  source: { pool: string; project: string; name: string },
  target: { pool: string; project: string; name: string },
): string | undefined {
  return source.pool === target.pool &&
    source.project === target.project &&
    source.name === target.name
    ? VOLUME_MESSAGES.copyToItself
    : undefined;
}

/** The move dialog's rule: another pool or another project. */
export function moveTargetError(
  source: { pool: string; project: string },
  target: { pool: string; project: string },
): string | undefined {
  return source.pool === target.pool && source.project === target.project
    ? VOLUME_MESSAGES.moveNowhere
    : undefined;
}
