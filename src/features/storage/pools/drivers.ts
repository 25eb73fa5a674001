/**
 * What each pool driver takes when it is created or edited, from LXD's per-driver reference
 * (doc/reference/storage_*.md and doc/metadata.txt, "Storage pool configuration"), as the form
 * kit's config key descriptors. Keys a driver does not list here stay editable in YAML mode.
 */
import { isPoolMemberKey } from '../../../lxd/endpoints/storage-pools';
import { DEFAULT_PRODUCT_NAME } from '../../../lxd/product';
import { STORAGE_DRIVER_LABELS, storageDriverLabel } from '../../../lxd/types/storage';
import { configKey, type ConfigKeyField, type ConfigKeyKind } from '../../../shared/forms';

/**
 * A config key of the pool form: the form kit's descriptor, and whether LXD refuses to change it
 * once the pool exists (source: unless the pool is still pending).
 */
export interface PoolKey extends ConfigKeyField {
  fixed?: boolean;
}

interface KeyOptions {
  help?: string;
  /** What LXD uses when the key is not set: the empty choice, and the placeholder. */
  fallback?: string;
  fixed?: boolean;
  required?: boolean;
  choices?: readonly string[];
}

/** A key of the form; `kind` text (the default), password, bool (Yes / No) or select. */
function poolKey(
  key: string,
  label: string,
  { help, fallback, fixed, required, choices }: KeyOptions = {},
  kind: ConfigKeyKind = choices ? 'select' : 'text',
): PoolKey {
  return {
    ...configKey(key, label, isPoolMemberKey(key) ? 'member' : 'driver', kind, {
      ...(help ? { help } : {}),
      ...(fallback ? { defaultText: fallback } : {}),
      ...(fallback && (kind === 'text' || kind === 'password')
        ? { placeholder: `Default: ${fallback}` }
        : {}),
      ...(choices ? { options: choices.map((value) => ({ value, label: value })) } : {}),
      ...(required ? { required: 'Required' } : {}),
    }),
    ...(fixed ? { fixed } : {}),
  };
}

const source = (help: string) => poolKey('source', 'Source', { help, fixed: true });
const SIZE = poolKey('size', 'Size', {
  help: 'Size of a loop-file pool, for example 20GiB. Empty: LXD picks one (20% of the free disk space, 5 to 30 GiB).',
});
const bool = (key: string, label: string, fallback: string) =>
  poolKey(key, label, { fallback }, 'bool');
const password = (key: string, label: string) =>
  poolKey(key, label, { required: true }, 'password');

/** The fields of each driver, in the order the form shows them. */
export const DRIVER_FIELDS: Readonly<Record<string, readonly PoolKey[]>> = {
  dir: [source('Path to an existing directory. Empty: LXD creates one in its storage directory.')],
  btrfs: [
    source('Path to an existing block device, loop file or Btrfs subvolume. Empty: a loop file.'),
    SIZE,
    poolKey('btrfs.mount_options', 'Mount options', { fallback: 'user_subvol_rm_allowed' }),
  ],
  lvm: [
    source('Path to an existing block device, loop file or LVM volume group. Empty: a loop file.'),
    SIZE,
    poolKey('lvm.vg_name', 'Volume group name', { fallback: 'name of the pool' }),
    poolKey('lvm.thinpool_name', 'Thin pool name', { fallback: 'LXDThinPool' }),
    bool('lvm.use_thinpool', 'Use a thin pool', 'true'),
    poolKey('lvm.thinpool_metadata_size', 'Thin pool metadata size', {
      fallback: '0 (auto)',
      fixed: true,
    }),
    bool('lvm.vg.force_reuse', 'Force reuse of a non-empty volume group', 'false'),
  ],
  zfs: [
    source(
      'Path to an existing block device, loop file or ZFS dataset or pool. Empty: a loop file.',
    ),
    SIZE,
    poolKey('zfs.pool_name', 'ZFS pool name', { fallback: 'name of the pool', fixed: true }),
    poolKey('zfs.clone_copy', 'Clone copy', {
      choices: ['true', 'false', 'rebase'],
      fallback: 'true',
      help: 'Lightweight ZFS clones instead of full copies; rebase copies from the initial image.',
    }),
    bool('zfs.export', 'Export the zpool on unmount', 'true'),
  ],
  ceph: [
    source('Existing OSD storage pool to use.'),
    poolKey('ceph.cluster_name', 'Ceph cluster name', { fallback: 'ceph' }),
    poolKey('ceph.user.name', 'Ceph user name', { fallback: 'admin' }),
    poolKey('ceph.osd.pool_name', 'OSD pool name', { fallback: 'name of the pool' }),
    poolKey('ceph.osd.data_pool_name', 'OSD data pool name'),
    poolKey('ceph.osd.pg_num', 'Placement groups', { fallback: '32' }),
    poolKey('ceph.rbd.features', 'RBD features', { help: 'Comma-separated list.' }),
    bool('ceph.rbd.clone_copy', 'RBD lightweight clones', 'true'),
    bool('ceph.rbd.du', 'Use RBD du for usage', 'true'),
  ],
  cephfs: [
    source('Existing CephFS file system or file system path to use.'),
    poolKey('cephfs.cluster_name', 'Ceph cluster name', { fallback: 'ceph' }),
    poolKey('cephfs.user.name', 'Ceph user name', { fallback: 'admin' }),
    poolKey('cephfs.path', 'Base path', { fallback: '/' }),
    bool('cephfs.create_missing', 'Create the file system if missing', 'false'),
    poolKey('cephfs.data_pool', 'Data OSD pool'),
    poolKey('cephfs.meta_pool', 'Metadata OSD pool'),
    poolKey('cephfs.osd_pg_num', 'Placement groups for new OSD pools'),
    bool('cephfs.fscache', 'Use fscache', 'false'),
  ],
  cephobject: [
    poolKey('cephobject.radosgw.endpoint', 'RADOS gateway endpoint', { help: 'URL of radosgw.' }),
    poolKey('cephobject.radosgw.endpoint_cert_file', 'Endpoint certificate file'),
    poolKey('cephobject.cluster_name', 'Ceph cluster name', { fallback: 'ceph' }),
    poolKey('cephobject.user.name', 'Ceph user name', { fallback: 'admin' }),
    poolKey('cephobject.bucket.name_prefix', 'Bucket name prefix'),
  ],
  powerflex: [
    poolKey('powerflex.pool', 'PowerFlex pool', {
      help: 'ID of the PowerFlex storage pool.',
      required: true,
    }),
    poolKey('powerflex.gateway', 'Gateway', {
      help: 'Address of the PowerFlex Gateway.',
      required: true,
    }),
    bool('powerflex.gateway.verify', 'Verify gateway certificate', 'true'),
    poolKey('powerflex.user.name', 'User name', { fallback: 'admin' }),
    password('powerflex.user.password', 'User password'),
    poolKey('powerflex.domain', 'Protection domain'),
    poolKey('powerflex.mode', 'Mode', {
      choices: ['nvme/tcp', 'sdc'],
      fallback: 'nvme/tcp',
      help: 'How volumes are mapped to the local server.',
    }),
    poolKey('powerflex.sdt', 'NVMe/TCP SDTs', { help: 'Comma-separated list.' }),
  ],
  pure: [
    poolKey('pure.gateway', 'Gateway', {
      help: 'Address of the Pure Storage gateway.',
      required: true,
    }),
    password('pure.api.token', 'API token'),
    bool('pure.gateway.verify', 'Verify gateway certificate', 'true'),
    poolKey('pure.mode', 'Mode', {
      choices: ['nvme/tcp', 'iscsi'],
      fallback: 'nvme/tcp',
      help: 'How volumes are mapped to the local server.',
    }),
    poolKey('pure.target', 'Targets', { help: 'Comma-separated list of target addresses.' }),
  ],
};

/**
 * A key as the server's product says it: its help and unset default name LXD, which Incus says
 * as Incus (its thin pool is IncusThinPool, LXD's LXDThinPool). LXD's key is returned as it is.
 */
export function poolKeyForProduct(field: PoolKey, product: string): PoolKey {
  if (product === DEFAULT_PRODUCT_NAME) return field;
  const named: PoolKey = { ...field };
  for (const text of ['help', 'defaultText', 'placeholder'] as const) {
    const value = field[text];
    if (value !== undefined) named[text] = value.replace(/\bLXD/g, product);
  }
  return named;
}

export function driverFields(driver: string): readonly PoolKey[] {
  return DRIVER_FIELDS[driver] ?? [];
}

/** Whether a driver takes `size` (a loop-file pool): btrfs, lvm and zfs; dir rejects it. */
export function driverTakesSize(driver: string): boolean {
  return driverFields(driver).some((field) => field.key === 'size');
}

/** The member-specific fields of a driver (set per member in a cluster). */
export function memberFields(driver: string): readonly PoolKey[] {
  return driverFields(driver).filter((field) => isPoolMemberKey(field.key));
}

/** The shared fields of a driver. */
export function sharedFields(driver: string, clustered: boolean): readonly PoolKey[] {
  return driverFields(driver).filter((field) => !clustered || !isPoolMemberKey(field.key));
}

export interface DriverOption {
  value: string;
  label: string;
  remote: boolean;
}

/**
 * The drivers the server offers (`environment.storage_supported_drivers`), each with its label
 * and version: "ZFS (version 2.1.5)". A driver's own name stands in for an unknown label.
 */
export function driverOptions(
  supported: readonly { Name: string; Version: string; Remote?: boolean }[] | undefined,
): DriverOption[] {
  return (supported ?? []).map((driver) => ({
    value: driver.Name,
    label: driver.Version
      ? `${storageDriverLabel(driver.Name)} (version ${driver.Version})`
      : storageDriverLabel(driver.Name),
    remote: driver.Remote ?? false,
  }));
}

/** The driver the form starts with: the first the server offers, in the order of the labels. */
export function defaultDriver(options: readonly DriverOption[]): string {
  const order = Object.keys(STORAGE_DRIVER_LABELS);
  const known = options
    .map((option) => option.value)
    .filter((value) => order.includes(value))
    .sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return known[0] ?? options[0]?.value ?? '';
}
