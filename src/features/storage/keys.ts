/**
 * Query keys of the storage area, shared by pools, volumes, custom ISOs and buckets. Every key
 * starts with `storageKeyRoot`, so one lifecycle event refreshes every storage screen.
 */
import { storageKeyRoot } from './events';

export const storageKeys = {
  all: storageKeyRoot,
  pools: (project: string) => [...storageKeyRoot, 'pools', project] as const,
  pool: (project: string, name: string) => [...storageKeyRoot, 'pool', project, name] as const,
  poolResources: (name: string, member?: string) =>
    [...storageKeyRoot, 'pool-resources', name, member ?? ''] as const,
  /** Volumes of every pool of a project. */
  volumes: (project: string) => [...storageKeyRoot, 'volumes', project] as const,
  /** Volumes of one pool of a project. */
  poolVolumes: (project: string, pool: string) =>
    [...storageKeyRoot, 'pool-volumes', project, pool] as const,
  volume: (project: string, pool: string, type: string, name: string, member?: string) =>
    [...storageKeyRoot, 'volume', project, pool, type, name, member ?? ''] as const,
  volumeSnapshots: (project: string, pool: string, type: string, name: string) =>
    [...storageKeyRoot, 'volume-snapshots', project, pool, type, name] as const,
  buckets: (project: string) => [...storageKeyRoot, 'buckets', project] as const,
  bucket: (project: string, pool: string, name: string) =>
    [...storageKeyRoot, 'bucket', project, pool, name] as const,
  bucketKeys: (project: string, pool: string, name: string) =>
    [...storageKeyRoot, 'bucket-keys', project, pool, name] as const,
};
