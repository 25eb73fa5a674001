/**
 * A custom volume sent to another server (see ./migration.ts for the two modes): the source's
 * `migration: true` request and the target's `source: {type: migration}` volume.
 */
import type { LxdStorageVolume } from '../types/storage';
import {
  migrate,
  type MigrationMode,
  type MigrationPeer,
  type MigrationRequest,
  type RemoteCopyOptions,
  type RemoteRef,
} from './migration';
import { storagePoolPath } from './storage-pools';
import { storageVolumePath, type VolumeLocation } from './storage-volumes';

/** A custom volume sent to another server's pool and project. */
export interface RemoteVolumeCopy {
  source: VolumeLocation;
  /** The volume as read from the source (its config, description and content type). */
  volume: Pick<LxdStorageVolume, 'description' | 'config' | 'content_type'>;
  targetPool: string;
  targetProject: string;
  /** A member of the target cluster (volumes of local pools live on one member). */
  targetMember?: string | undefined;
  name: string;
  withSnapshots: boolean;
  mode: MigrationMode;
}

/** Config keys a volume keeps on another server: not LXD's state, not its driver's own keys. */
const DRIVER_PREFIXES = ['volatile.', 'zfs.', 'lvm.', 'btrfs.', 'ceph.', 'cephfs.', 'powerflex.'];
const portableConfig = (config: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(config).filter(([key]) => !DRIVER_PREFIXES.some((p) => key.startsWith(p))),
  );

/**
 * The source's request: POST …/volumes/custom/{name} {migration: true, name, volume_only}, with
 * `target` (the target's operation) in push mode.
 */
export function volumeMigrationSourceRequest(
  copy: RemoteVolumeCopy,
  peer: MigrationPeer | undefined,
): MigrationRequest {
  return {
    path: storageVolumePath(copy.source.pool, 'custom', copy.source.name),
    project: copy.source.project,
    target: copy.source.member,
    body: {
      migration: true,
      name: copy.source.name,
      volume_only: !copy.withSnapshots,
      ...(peer ? { target: peer } : {}),
    },
  };
}

/**
 * The target's request: POST /1.0/storage-pools/{pool}/volumes/custom {name, type, config,
 * description, content_type, source: {type: migration, mode, volume_only, …}}; in pull mode the
 * source's operation, certificate and secrets.
 */
export function volumeMigrationTargetRequest(
  copy: RemoteVolumeCopy,
  peer: MigrationPeer | undefined,
): MigrationRequest {
  return {
    path: `${storagePoolPath(copy.targetPool)}/volumes/custom`,
    project: copy.targetProject,
    target: copy.targetMember || undefined,
    body: {
      name: copy.name,
      type: 'custom',
      config: portableConfig(copy.volume.config),
      description: copy.volume.description,
      content_type: copy.volume.content_type,
      source: {
        type: 'migration',
        mode: copy.mode,
        volume_only: !copy.withSnapshots,
        ...(peer ?? {}),
      },
    },
  };
}

/** Copies a custom volume of the page's remote (or `from`) to remote `to`, to the end. */
export async function copyVolumeToRemote(
  copy: RemoteVolumeCopy,
  to: RemoteRef,
  options: RemoteCopyOptions = {},
): Promise<void> {
  await migrate({
    mode: copy.mode,
    source: { remote: options.from, request: (peer) => volumeMigrationSourceRequest(copy, peer) },
    target: { remote: to, request: (peer) => volumeMigrationTargetRequest(copy, peer) },
    wait: options.wait,
    onProgress: options.onProgress,
  });
}
