/**
 * Pure rules of storage pools: the name, the size, the driver requirements (spec §5), why a
 * pool in use cannot be deleted (from its used_by, src/lxd/used-by.ts), and the list's search.
 */
import type { LxdStoragePool, LxdStoragePoolResources } from '../../../lxd/types/storage';
import { storageDriverLabel } from '../../../lxd/types/storage';
import { describeUsedBy, usedByRefs } from '../../../lxd/used-by';
import { DEFAULT_PRODUCT_NAME } from '../../../lxd/product';
import {
  RESOURCE_NAME_MAX_LENGTH,
  STORAGE_POOL_NAME_EXISTS,
  takenNameError,
} from '../../../shared/validation';
import { driverTakesSize } from './drivers';

/** What a pool rename the server does not implement (501) means, naming the server's product. */
export function renameUnsupportedMessage(product: string): string {
  return `This ${product} server cannot rename storage pools: it answered "not implemented". Create a new pool and move the volumes instead.`;
}

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
  renameUnsupported: renameUnsupportedMessage(DEFAULT_PRODUCT_NAME),
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

/**
 * Why a pool cannot be deleted (LXD refuses while anything but image copies uses it), naming
 * what uses it; undefined when it can be deleted.
 */
export function deletePoolBlocker(pool: Pick<LxdStoragePool, 'used_by'>): string | undefined {
  const blocking = usedByRefs(pool.used_by).filter((ref) => ref.kind !== 'image');
  if (blocking.length === 0) return undefined;
  const users = describeUsedBy(blocking, {
    nameOf: (ref) =>
      ref.project === 'default' ? ref.name : `${ref.name} in project ${ref.project}`,
  });
  return `This storage pool is used by ${users}. Remove them from it before deleting it.`;
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
