/**
 * What each pool driver takes when it is created or edited, from LXD's per-driver reference
 * (doc/reference/storage_*.md and doc/metadata.txt, "Storage pool configuration"). Keys a
 * driver does not list here stay editable in YAML mode.
 */
import { isPoolMemberKey } from '../../../lxd/endpoints/storage-pools';
import { STORAGE_DRIVER_LABELS, storageDriverLabel } from '../../../lxd/types/storage';

export interface PoolField {
  key: string;
  label: string;
  help?: string;
  /** text (the default), a password, a yes/no choice, or a choice of values. */
  kind?: 'text' | 'password' | 'bool' | 'choice';
  /** For `choice`: the values offered. */
  choices?: readonly string[];
  /** What LXD uses when the key is not set (shown in the empty choice and as a placeholder). */
  fallback?: string;
  /** LXD refuses to change it once the pool exists (source: unless the pool is still pending). */
  fixed?: boolean;
  required?: boolean;
}

const source = (help: string): PoolField => ({ key: 'source', label: 'Source', help, fixed: true });
const SIZE: PoolField = {
  key: 'size',
  label: 'Size',
  help: 'Size of a loop-file pool, for example 20GiB. Empty: LXD picks one (20% of the free disk space, 5 to 30 GiB).',
};
const bool = (key: string, label: string, fallback: string, help?: string): PoolField => ({
  key,
  label,
  kind: 'bool',
  fallback,
  ...(help ? { help } : {}),
});

/** The fields of each driver, in the order the form shows them. */
export const DRIVER_FIELDS: Readonly<Record<string, readonly PoolField[]>> = {
  dir: [source('Path to an existing directory. Empty: LXD creates one in its storage directory.')],
  btrfs: [
    source('Path to an existing block device, loop file or Btrfs subvolume. Empty: a loop file.'),
    SIZE,
    {
      key: 'btrfs.mount_options',
      label: 'Mount options',
      fallback: 'user_subvol_rm_allowed',
    },
  ],
  lvm: [
    source('Path to an existing block device, loop file or LVM volume group. Empty: a loop file.'),
    SIZE,
    { key: 'lvm.vg_name', label: 'Volume group name', fallback: 'name of the pool' },
    { key: 'lvm.thinpool_name', label: 'Thin pool name', fallback: 'LXDThinPool' },
    bool('lvm.use_thinpool', 'Use a thin pool', 'true'),
    {
      key: 'lvm.thinpool_metadata_size',
      label: 'Thin pool metadata size',
      fallback: '0 (auto)',
      fixed: true,
    },
    bool('lvm.vg.force_reuse', 'Force reuse of a non-empty volume group', 'false'),
  ],
  zfs: [
    source(
      'Path to an existing block device, loop file or ZFS dataset or pool. Empty: a loop file.',
    ),
    SIZE,
    { key: 'zfs.pool_name', label: 'ZFS pool name', fallback: 'name of the pool', fixed: true },
    {
      key: 'zfs.clone_copy',
      label: 'Clone copy',
      kind: 'choice',
      choices: ['true', 'false', 'rebase'],
      fallback: 'true',
      help: 'Lightweight ZFS clones instead of full copies; rebase copies from the initial image.',
    },
    bool('zfs.export', 'Export the zpool on unmount', 'true'),
  ],
  ceph: [
    source('Existing OSD storage pool to use.'),
    { key: 'ceph.cluster_name', label: 'Ceph cluster name', fallback: 'ceph' },
    { key: 'ceph.user.name', label: 'Ceph user name', fallback: 'admin' },
    { key: 'ceph.osd.pool_name', label: 'OSD pool name', fallback: 'name of the pool' },
    { key: 'ceph.osd.data_pool_name', label: 'OSD data pool name' },
    { key: 'ceph.osd.pg_num', label: 'Placement groups', fallback: '32' },
    { key: 'ceph.rbd.features', label: 'RBD features', help: 'Comma-separated list.' },
    bool('ceph.rbd.clone_copy', 'RBD lightweight clones', 'true'),
    bool('ceph.rbd.du', 'Use RBD du for usage', 'true'),
  ],
  cephfs: [
    source('Existing CephFS file system or file system path to use.'),
    { key: 'cephfs.cluster_name', label: 'Ceph cluster name', fallback: 'ceph' },
    { key: 'cephfs.user.name', label: 'Ceph user name', fallback: 'admin' },
    { key: 'cephfs.path', label: 'Base path', fallback: '/' },
    bool('cephfs.create_missing', 'Create the file system if missing', 'false'),
    { key: 'cephfs.data_pool', label: 'Data OSD pool' },
    { key: 'cephfs.meta_pool', label: 'Metadata OSD pool' },
    { key: 'cephfs.osd_pg_num', label: 'Placement groups for new OSD pools' },
    bool('cephfs.fscache', 'Use fscache', 'false'),
  ],
  cephobject: [
    {
      key: 'cephobject.radosgw.endpoint',
      label: 'RADOS gateway endpoint',
      help: 'URL of radosgw.',
    },
    {
      key: 'cephobject.radosgw.endpoint_cert_file',
      label: 'Endpoint certificate file',
    },
    { key: 'cephobject.cluster_name', label: 'Ceph cluster name', fallback: 'ceph' },
    { key: 'cephobject.user.name', label: 'Ceph user name', fallback: 'admin' },
    { key: 'cephobject.bucket.name_prefix', label: 'Bucket name prefix' },
  ],
  powerflex: [
    {
      key: 'powerflex.pool',
      label: 'PowerFlex pool',
      help: 'ID of the PowerFlex storage pool.',
      required: true,
    },
    {
      key: 'powerflex.gateway',
      label: 'Gateway',
      help: 'Address of the PowerFlex Gateway.',
      required: true,
    },
    bool('powerflex.gateway.verify', 'Verify gateway certificate', 'true'),
    { key: 'powerflex.user.name', label: 'User name', fallback: 'admin' },
    { key: 'powerflex.user.password', label: 'User password', kind: 'password', required: true },
    { key: 'powerflex.domain', label: 'Protection domain' },
    {
      key: 'powerflex.mode',
      label: 'Mode',
      kind: 'choice',
      choices: ['nvme/tcp', 'sdc'],
      fallback: 'nvme/tcp',
      help: 'How volumes are mapped to the local server.',
    },
    { key: 'powerflex.sdt', label: 'NVMe/TCP SDTs', help: 'Comma-separated list.' },
  ],
  pure: [
    {
      key: 'pure.gateway',
      label: 'Gateway',
      help: 'Address of the Pure Storage gateway.',
      required: true,
    },
    { key: 'pure.api.token', label: 'API token', kind: 'password', required: true },
    bool('pure.gateway.verify', 'Verify gateway certificate', 'true'),
    {
      key: 'pure.mode',
      label: 'Mode',
      kind: 'choice',
      choices: ['nvme/tcp', 'iscsi'],
      fallback: 'nvme/tcp',
      help: 'How volumes are mapped to the local server.',
    },
    { key: 'pure.target', label: 'Targets', help: 'Comma-separated list of target addresses.' },
  ],
};

export function driverFields(driver: string): readonly PoolField[] {
  return DRIVER_FIELDS[driver] ?? [];
}

/** Whether a driver takes `size` (a loop-file pool): btrfs, lvm and zfs; dir rejects it. */
export function driverTakesSize(driver: string): boolean {
  return driverFields(driver).some((field) => field.key === 'size');
}

/** The member-specific fields of a driver (set per member in a cluster). */
export function memberFields(driver: string): readonly PoolField[] {
  return driverFields(driver).filter((field) => isPoolMemberKey(field.key));
}

/** The shared fields of a driver. */
export function sharedFields(driver: string, clustered: boolean): readonly PoolField[] {
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
