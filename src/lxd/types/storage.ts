/**
 * Storage pools, volumes, volume snapshots and backups, buckets and bucket keys, shaped like the
 * LXD 6 reference (doc/rest-api.yaml). Fields newer than LXD 5.0 are optional.
 */

/** Pool drivers with their labels (spec §9), in the order the console offers them. */
export const STORAGE_DRIVER_LABELS = {
  dir: 'Directory',
  btrfs: 'Btrfs',
  lvm: 'LVM',
  zfs: 'ZFS',
  ceph: 'Ceph',
  cephfs: 'CephFS',
  powerflex: 'Dell PowerFlex',
  pure: 'Pure Storage',
  cephobject: 'Ceph Object',
} as const;

export type StorageDriver = keyof typeof STORAGE_DRIVER_LABELS;

/** The label of a driver, or the driver's own name when the console does not know it. */
export function storageDriverLabel(driver: string): string {
  return (STORAGE_DRIVER_LABELS as Record<string, string>)[driver] ?? driver;
}

/** Pending, Created, Errored or Unknown (clustering). */
export type StoragePoolStatus = 'Pending' | 'Created' | 'Errored' | 'Unknown' | (string & {});

export interface LxdStoragePool {
  name: string;
  driver: string;
  description: string;
  config: Record<string, string>;
  status?: StoragePoolStatus;
  /** Cluster members the pool is defined on. */
  locations?: string[];
  used_by?: string[] | null;
  access_entitlements?: string[];
  etag?: string;
}

/** PUT / PATCH /1.0/storage-pools/{name}. */
export interface LxdStoragePoolPut {
  description: string;
  config: Record<string, string>;
}

/** POST /1.0/storage-pools. */
export interface LxdStoragePoolsPost extends LxdStoragePoolPut {
  name: string;
  driver: string;
}

/** GET /1.0/storage-pools/{name}/resources. */
export interface LxdStoragePoolResources {
  space: { used?: number; total: number };
  inodes?: { used: number; total: number };
}

export type StorageVolumeType = 'custom' | 'container' | 'virtual-machine' | 'image';
/** `iso` only on servers with `custom_volume_iso`. */
export type StorageContentType = 'filesystem' | 'block' | 'iso';

export interface LxdStorageVolume {
  name: string;
  type: StorageVolumeType | (string & {});
  description: string;
  config: Record<string, string>;
  content_type: StorageContentType | (string & {});
  /** `storage_volumes_all`: older servers leave it out (the pool is the one asked). */
  pool?: string;
  project?: string;
  /** Cluster member holding the volume ('' or 'none' when not clustered or remote). */
  location?: string;
  used_by?: string[] | null;
  created_at?: string;
  access_entitlements?: string[];
  etag?: string;
}

export interface LxdStorageVolumePut {
  description: string;
  config: Record<string, string>;
  /** Name of a snapshot to restore. */
  restore?: string;
}

/** Where a new volume comes from (copy). */
export interface LxdStorageVolumeSource {
  type: 'copy' | 'migration';
  name: string;
  pool: string;
  project?: string;
  volume_only?: boolean;
  location?: string;
  refresh?: boolean;
}

/** POST /1.0/storage-pools/{pool}/volumes[/{type}]. */
export interface LxdStorageVolumesPost {
  name: string;
  type: 'custom';
  content_type?: StorageContentType;
  description?: string;
  config: Record<string, string>;
  source?: LxdStorageVolumeSource;
}

/** POST /1.0/storage-pools/{pool}/volumes/{type}/{name}: rename, move to a pool or project. */
export interface LxdStorageVolumePost {
  name: string;
  pool?: string;
  project?: string;
  migration?: boolean;
  volume_only?: boolean;
}

export interface LxdStorageVolumeState {
  usage: { used: number; total?: number } | null;
}

export interface LxdStorageVolumeSnapshot {
  /** The snapshot's own name (without the volume's). */
  name: string;
  description: string;
  config: Record<string, string>;
  content_type: string;
  created_at?: string;
  /** Zero date or absent: never expires. */
  expires_at?: string | null;
  etag?: string;
}

export interface LxdStorageVolumeSnapshotsPost {
  name?: string;
  description?: string;
  expires_at?: string | null;
}

export interface LxdStorageVolumeSnapshotPut {
  description: string;
  expires_at?: string | null;
}

export interface LxdStorageVolumeBackup {
  name: string;
  created_at: string;
  expires_at: string;
  volume_only: boolean;
  optimized_storage: boolean;
}

export interface LxdStorageVolumeBackupsPost {
  name?: string;
  expires_at?: string;
  volume_only?: boolean;
  optimized_storage?: boolean;
  compression_algorithm?: string;
}

export interface LxdStorageBucket {
  name: string;
  description: string;
  config: Record<string, string>;
  s3_url: string;
  location?: string;
  project?: string;
  access_entitlements?: string[];
  etag?: string;
}

export interface LxdStorageBucketPut {
  description: string;
  config: Record<string, string>;
}

export interface LxdStorageBucketsPost extends LxdStorageBucketPut {
  name: string;
}

export type StorageBucketKeyRole = 'admin' | 'read-only';

export interface LxdStorageBucketKey {
  name: string;
  description: string;
  role: StorageBucketKeyRole | (string & {});
  'access-key': string;
  'secret-key': string;
}

export interface LxdStorageBucketKeyPut {
  description: string;
  role: StorageBucketKeyRole | (string & {});
  'access-key'?: string;
  'secret-key'?: string;
}

export interface LxdStorageBucketKeysPost extends LxdStorageBucketKeyPut {
  name: string;
}
