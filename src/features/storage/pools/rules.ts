/**
 * Pure rules of storage pools: the name, the size, the driver requirements (spec §5), what
 * uses a pool (its used_by URLs) and why it cannot be deleted, and the list's search.
 */
import type { LxdStoragePool, LxdStoragePoolResources } from '../../../lxd/types/storage';
import { storageDriverLabel } from '../../../lxd/types/storage';
import {
  RESOURCE_NAME_MAX_LENGTH,
  STORAGE_POOL_NAME_EXISTS,
  takenNameError,
} from '../../../shared/validation';
import { driverTakesSize } from './drivers';

export const POOL_MESSAGES = {
  nameRequired: 'Storage pool name is required',
  nameLength: `Storage pool name must be between 1 and ${RESOURCE_NAME_MAX_LENGTH} characters`,
  /** LXD's own wording. */
  nameSlash: 'Storage pool names may not contain slashes',
  nameExists: STORAGE_POOL_NAME_EXISTS,
  driverRequired: 'Choose a driver',
  sizeFormat: 'Size must be a number with an optional unit, for example 20GiB',
  restrictedCreate:
    'Your certificate is restricted to its projects and cannot create storage pools',
  renameUnsupported:
    'This LXD server cannot rename storage pools: it answered "not implemented". Create a new pool and move the volumes instead.',
} as const;

/** Why a driver refuses a size: "Directory pools take no size". */
export const sizeNotTaken = (driver: string) =>
  `${storageDriverLabel(driver)} pools take no size: remove it`;

/** Name rules that need no lookup; the uniqueness comes from `takenPoolName`. */
export function validatePoolName(name: string): string | undefined {
  if (name === '') return POOL_MESSAGES.nameRequired;
  if (name.length > RESOURCE_NAME_MAX_LENGTH) return POOL_MESSAGES.nameLength;
  if (name.includes('/')) return POOL_MESSAGES.nameSlash;
  return undefined;
}

/** The lookup's answer as a message (the current name is allowed when renaming). */
export function takenPoolName(name: string, taken: boolean, current?: string) {
  return takenNameError(POOL_MESSAGES.nameExists, name, taken, current);
}

const SIZE_PATTERN = /^\d+(\.\d+)?\s*(B|kB|KB|MB|GB|TB|PB|EB|KiB|MiB|GiB|TiB|PiB|EiB)?$/;

/** `size` only where the driver takes it (dir rejects it), and in LXD's size format. */
export function poolSizeError(driver: string, size: string | undefined): string | undefined {
  const value = (size ?? '').trim();
  if (value === '') return undefined;
  if (!driverTakesSize(driver)) return sizeNotTaken(driver);
  return SIZE_PATTERN.test(value) ? undefined : POOL_MESSAGES.sizeFormat;
}

export type PoolUserKind = 'instance' | 'profile' | 'volume' | 'image' | 'bucket' | 'other';

export interface PoolUser {
  kind: PoolUserKind;
  /** The name shown: an instance, "instance/snapshot", a volume, an image fingerprint… */
  name: string;
  project: string;
  /** Instance or volume snapshot: the parent's name and the snapshot's. */
  parent?: string;
  snapshot?: string;
  /** Volume type (custom, container, virtual-machine, image). */
  volumeType?: string;
  pool?: string;
  /** Cluster member of a local volume (`target=`). */
  member?: string;
  url: string;
}

const decode = (part: string | undefined) => decodeURIComponent(part ?? '');

/** Reads one used_by URL of a pool: instances, profiles, volumes, images, buckets. */
export function parsePoolUser(url: string): PoolUser {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  const project = params.get('project') || 'default';
  const member = params.get('target') ?? undefined;
  const parts = path.split('/').filter(Boolean).slice(1); // after "1.0"
  const base = { project, url, ...(member ? { member } : {}) };
  const [collection, a, b, c, d, e, f] = parts;
  if (collection === 'instances' && a) {
    if (b === 'snapshots' && c) {
      return {
        ...base,
        kind: 'instance',
        name: `${decode(a)}/${decode(c)}`,
        parent: decode(a),
        snapshot: decode(c),
      };
    }
    return { ...base, kind: 'instance', name: decode(a) };
  }
  if (collection === 'profiles' && a) return { ...base, kind: 'profile', name: decode(a) };
  if (collection === 'images' && a) return { ...base, kind: 'image', name: decode(a) };
  if (collection === 'storage-pools' && a && b === 'volumes' && c && d) {
    const volume = { ...base, kind: 'volume' as const, pool: decode(a), volumeType: decode(c) };
    if (e === 'snapshots' && f) {
      return {
        ...volume,
        name: `${decode(d)}/${decode(f)}`,
        parent: decode(d),
        snapshot: decode(f),
      };
    }
    return { ...volume, name: decode(d) };
  }
  if (collection === 'storage-pools' && a && b === 'buckets' && c) {
    return { ...base, kind: 'bucket', pool: decode(a), name: decode(c) };
  }
  return { ...base, kind: 'other', name: url };
}

export function poolUsers(pool: Pick<LxdStoragePool, 'used_by'>): PoolUser[] {
  return (pool.used_by ?? []).map(parsePoolUser);
}

export const USER_KINDS: readonly { kind: PoolUserKind; one: string; other: string }[] = [
  { kind: 'instance', one: 'instance', other: 'instances' },
  { kind: 'profile', one: 'profile', other: 'profiles' },
  { kind: 'volume', one: 'volume', other: 'volumes' },
  { kind: 'image', one: 'image', other: 'images' },
  { kind: 'bucket', one: 'bucket', other: 'buckets' },
  { kind: 'other', one: 'other object', other: 'other objects' },
];

/** Users grouped by kind, in the order above; names sorted. */
export function groupPoolUsers(users: readonly PoolUser[]) {
  return USER_KINDS.map((group) => ({
    ...group,
    users: users
      .filter((user) => user.kind === group.kind)
      .sort((x, y) => x.name.localeCompare(y.name) || x.project.localeCompare(y.project)),
  })).filter((group) => group.users.length > 0);
}

const NAMES_SHOWN = 3;

function listNames(names: readonly string[]): string {
  const unique = [...new Set(names)];
  const shown = unique.slice(0, NAMES_SHOWN).join(', ');
  const more = unique.length - NAMES_SHOWN;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

function joinAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;
}

/**
 * Why a pool cannot be deleted (LXD refuses while anything but image copies uses it), naming
 * what uses it; undefined when it can be deleted.
 */
export function deletePoolBlocker(pool: Pick<LxdStoragePool, 'used_by'>): string | undefined {
  const blocking = poolUsers(pool).filter((user) => user.kind !== 'image');
  if (blocking.length === 0) return undefined;
  const parts = groupPoolUsers(blocking).map((group) => {
    const count = group.users.length;
    const names = group.users.map((u) =>
      u.project === 'default' ? u.name : `${u.name} in project ${u.project}`,
    );
    return `${count} ${count === 1 ? group.one : group.other} (${listNames(names)})`;
  });
  return `This storage pool is used by ${joinAnd(parts)}. Remove them from it before deleting it.`;
}

/** Whether a pool's name, driver (or its label) or description contains the search text. */
export function matchPool(search: string) {
  const q = search.trim().toLowerCase();
  return (pool: Pick<LxdStoragePool, 'name' | 'driver' | 'description'>) =>
    !q ||
    [pool.name, pool.driver, storageDriverLabel(pool.driver), pool.description].some((text) =>
      text.toLowerCase().includes(q),
    );
}

export interface PoolUsage {
  used: number;
  total: number;
  /** 0 to 100, one decimal. */
  percent: number;
}

/** Space used of the total (`used` is missing on some drivers: then unknown). */
export function poolUsage(resources: LxdStoragePoolResources | undefined): PoolUsage | undefined {
  const used = resources?.space.used;
  const total = resources?.space.total;
  if (used === undefined || total === undefined || total <= 0) return undefined;
  return { used, total, percent: Math.round((used / total) * 1000) / 10 };
}

/** Status label tone: Created fine, Pending waiting, Errored failing, others unknown. */
export function poolStatusTone(
  status: string | undefined,
): 'positive' | 'caution' | 'negative' | '' {
  if (status === 'Created') return 'positive';
  if (status === 'Pending') return 'caution';
  if (status === 'Errored') return 'negative';
  return '';
}

/** The members a pool is defined on ('none' means not clustered). */
export function poolLocations(pool: Pick<LxdStoragePool, 'locations'>): string[] {
  return (pool.locations ?? []).filter((location) => location !== '' && location !== 'none');
}
