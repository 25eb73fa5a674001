/**
 * The pool form's sections (`…/storage/pool/{name}/configuration/{section}`): the main settings
 * (name, description, driver, where the pool lives: `source`, `size`, and in a cluster each
 * member's own keys), the driver's own keys (`zfs.*`, `ceph.*`, … under the driver's name) when
 * the driver has any, and YAML.
 */
import { storageDriverLabel } from '../../../lxd/types/storage';
import { DRIVER_FIELDS, sharedFields, type PoolKey } from './drivers';

export type PoolSectionId = 'main' | 'driver' | 'yaml';

export const isPoolSectionId = (value: string | undefined): value is PoolSectionId =>
  value === 'main' || value === 'driver' || value === 'yaml';

/** A driver's own key (`zfs.clone_copy`) rather than one every driver has (`source`, `size`). */
const isDriverKey = (field: Pick<PoolKey, 'key'>) => field.key.includes('.');

/** The shared keys a section shows ('main': source and size; 'driver': the driver's own). */
export function sectionKeys(
  section: 'main' | 'driver',
  driver: string,
  clustered: boolean,
): readonly PoolKey[] {
  return sharedFields(driver, clustered).filter(
    (field) => isDriverKey(field) === (section === 'driver'),
  );
}

/** The sections of a driver's form, in order, with their labels. */
export function poolSections(
  driver: string,
  clustered: boolean,
): { id: PoolSectionId; label: string }[] {
  return [
    { id: 'main', label: 'Main configuration' },
    ...(sectionKeys('driver', driver, clustered).length > 0
      ? [{ id: 'driver' as const, label: storageDriverLabel(driver) }]
      : []),
    { id: 'yaml', label: 'YAML configuration' },
  ];
}

const DRIVER_KEY_IDS = new Set(
  Object.values(DRIVER_FIELDS)
    .flat()
    .filter(isDriverKey)
    .map((field) => field.id),
);

/**
 * The section a field path is in (for the problem the form moves to): a shared key of the
 * driver's own (`config.zfs_clone_copy`) is in the driver's; name, description, driver, source,
 * size, the other keys and each member's keys (`members.0.config.…`) are in the main one.
 */
export function poolSectionOf(path: string): PoolSectionId {
  const id = path.startsWith('config.') ? path.slice('config.'.length) : undefined;
  return id !== undefined && DRIVER_KEY_IDS.has(id) ? 'driver' : 'main';
}
