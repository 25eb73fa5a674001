/**
 * Storage volume calls (spec §7 leaves their shape to the LXD reference, doc/rest-api.yaml).
 * Listing goes pool by pool: LXD 5.0 has no cross-pool `GET /1.0/storage-volumes`. Writes may
 * answer synchronously or with an operation depending on the server version: each write waits
 * for either.
 */
import { buildUrl, del, get, getWithEtag, post, put, type LxdResult } from '../client';
import { operationId, waitForOperation } from '../operations';
import type {
  LxdStorageVolume,
  LxdStorageVolumeBackupsPost,
  LxdStorageVolumePost,
  LxdStorageVolumePut,
  LxdStorageVolumeSnapshot,
  LxdStorageVolumeSnapshotsPost,
  LxdStorageVolumeState,
  LxdStorageVolumesPost,
} from '../types/storage';
import { nameExists } from './names';
import { fetchStoragePools, storagePoolPath } from './storage-pools';
import { uploadNamedFile, type NamedUploadIo } from '../upload';

const seg = encodeURIComponent;

export const storageVolumePath = (pool: string, type: string, name: string) =>
  `${storagePoolPath(pool)}/volumes/${seg(type)}/${seg(name)}`;
const snapshotPath = (pool: string, type: string, name: string, snapshot: string) =>
  `${storageVolumePath(pool, type, name)}/snapshots/${seg(snapshot)}`;
const backupPath = (pool: string, name: string, backup: string) =>
  `${storageVolumePath(pool, 'custom', name)}/backups/${seg(backup)}`;

interface VolumeListOptions {
  target?: string | undefined;
  signal?: AbortSignal | undefined;
  /** `with-access-entitlements` (fine-grained identities only). */
  entitlements?: string | undefined;
}

/** GET /1.0/storage-pools/{pool}/volumes?recursion=1&project=, each volume with its pool. */
export async function fetchPoolVolumes(
  project: string,
  pool: string,
  options: VolumeListOptions = {},
): Promise<LxdStorageVolume[]> {
  const volumes = await get<LxdStorageVolume[] | null>(`${storagePoolPath(pool)}/volumes`, {
    project,
    recursion: 1,
    target: options.target,
    signal: options.signal,
    params: { 'with-access-entitlements': options.entitlements },
  });
  return (volumes ?? []).map((volume) => ({ ...volume, pool: volume.pool || pool }));
}

/** The volumes of every pool, for one project (one request per pool, in parallel). */
export async function fetchProjectVolumes(
  project: string,
  signal?: AbortSignal,
  options: { entitlements?: string | undefined } = {},
): Promise<LxdStorageVolume[]> {
  const pools = await fetchStoragePools(project, signal);
  const perPool = await Promise.all(
    pools.map((pool) =>
      fetchPoolVolumes(project, pool.name, { signal, entitlements: options.entitlements }),
    ),
  );
  return perPool.flat();
}

/** Where a volume lives: its project, and its cluster member when it has one. */
export interface VolumeLocation {
  project: string;
  pool: string;
  type: string;
  name: string;
  /** Cluster member (`target=`), for volumes of local pools in a cluster. */
  member?: string | undefined;
}

/** Writes may answer synchronously or with an operation (LXD 6.6+ for most): wait for either. */
async function settled(result: LxdResult<unknown>, project: string): Promise<void> {
  if (result.type === 'async') await waitForOperation(operationId(result), { project });
}

/** GET one volume, keeping its ETag for a later PUT. */
export async function fetchStorageVolume(
  where: VolumeLocation,
  options: { signal?: AbortSignal | undefined; entitlements?: string | undefined } = {},
): Promise<LxdStorageVolume> {
  const volume = await getWithEtag<LxdStorageVolume>(
    storageVolumePath(where.pool, where.type, where.name),
    {
      project: where.project,
      target: where.member,
      signal: options.signal,
      params: { 'with-access-entitlements': options.entitlements },
    },
  );
  return { ...volume, pool: volume.pool || where.pool };
}

/** GET …/state: the space the volume uses (not every driver can tell). */
export function fetchStorageVolumeState(
  where: VolumeLocation,
  signal?: AbortSignal,
): Promise<LxdStorageVolumeState> {
  return get<LxdStorageVolumeState>(
    `${storageVolumePath(where.pool, where.type, where.name)}/state`,
    { project: where.project, target: where.member, signal },
  );
}

/**
 * Spec §7 name check for a custom volume of a pool: GET
 * /1.0/storage-pools/{pool}/volumes/custom/{name}?project; 404 = free.
 */
export function storageVolumeExists(
  project: string,
  pool: string,
  name: string,
  signal?: AbortSignal,
): Promise<boolean> {
  return nameExists(`storage-pools/${seg(pool)}/volumes/custom`, name, {
    project,
    ...(signal ? { signal } : {}),
  });
}

/** POST /1.0/storage-pools/{pool}/volumes/custom?project= (a new, empty volume). */
export async function createStorageVolume(
  project: string,
  pool: string,
  body: LxdStorageVolumesPost,
  target?: string,
): Promise<void> {
  await settled(
    await post(`${storagePoolPath(pool)}/volumes/custom`, body, { project, target }),
    project,
  );
}

/** PUT the volume's description and config with the ETag it was read with (412 = changed). */
export async function updateStorageVolume(
  where: VolumeLocation,
  body: LxdStorageVolumePut,
  etag: string | undefined,
): Promise<void> {
  await settled(
    await put(storageVolumePath(where.pool, where.type, where.name), body, {
      project: where.project,
      target: where.member,
      etag,
    }),
    where.project,
  );
}

/**
 * POST …/volumes/custom/{name}: rename ({name}), move to another pool ({name, pool}) or to
 * another project ({name, project}).
 */
export async function moveStorageVolume(
  where: VolumeLocation,
  body: LxdStorageVolumePost,
): Promise<void> {
  await settled(
    await post(storageVolumePath(where.pool, 'custom', where.name), body, {
      project: where.project,
      target: where.member,
    }),
    where.project,
  );
}

export interface VolumeCopyRequest {
  /** The volume copied. */
  source: VolumeLocation;
  targetPool: string;
  targetProject: string;
  name: string;
  /** Copy the snapshots too. */
  withSnapshots: boolean;
}

/** What POST /1.0/storage-pools/{target}/volumes/custom receives for a copy. */
export function copyVolumeBody(request: VolumeCopyRequest) {
  // No config and no description: LXD takes the source volume's.
  return {
    name: request.name,
    type: 'custom' as const,
    source: {
      type: 'copy' as const,
      name: request.source.name,
      pool: request.source.pool,
      project: request.source.project,
      volume_only: !request.withSnapshots,
      ...(request.source.member ? { location: request.source.member } : {}),
    },
  };
}

/** Copies a custom volume to a pool of a project (the same or another), under a new name. */
export async function copyStorageVolume(request: VolumeCopyRequest): Promise<void> {
  await settled(
    await post(`${storagePoolPath(request.targetPool)}/volumes/custom`, copyVolumeBody(request), {
      project: request.targetProject,
    }),
    request.targetProject,
  );
}

export async function deleteStorageVolume(where: VolumeLocation): Promise<void> {
  await settled(
    await del(storageVolumePath(where.pool, where.type, where.name), {
      project: where.project,
      target: where.member,
    }),
    where.project,
  );
}

/** GET …/snapshots?recursion=1: the volume's snapshots (names without the volume's). */
export async function fetchVolumeSnapshots(
  where: VolumeLocation,
  signal?: AbortSignal,
): Promise<LxdStorageVolumeSnapshot[]> {
  const snapshots = await get<LxdStorageVolumeSnapshot[] | null>(
    `${storageVolumePath(where.pool, where.type, where.name)}/snapshots`,
    { project: where.project, target: where.member, recursion: 1, signal },
  );
  // Some servers answer with full names (volume/snapshot).
  return (snapshots ?? []).map((snapshot) => ({
    ...snapshot,
    name: snapshot.name.includes('/')
      ? snapshot.name.slice(snapshot.name.indexOf('/') + 1)
      : snapshot.name,
  }));
}

export async function createVolumeSnapshot(
  where: VolumeLocation,
  body: LxdStorageVolumeSnapshotsPost,
): Promise<void> {
  await settled(
    await post(`${storageVolumePath(where.pool, where.type, where.name)}/snapshots`, body, {
      project: where.project,
      target: where.member,
    }),
    where.project,
  );
}

export async function renameVolumeSnapshot(
  where: VolumeLocation,
  snapshot: string,
  newName: string,
): Promise<void> {
  await settled(
    await post(
      snapshotPath(where.pool, where.type, where.name, snapshot),
      { name: newName },
      { project: where.project, target: where.member },
    ),
    where.project,
  );
}

export async function deleteVolumeSnapshot(where: VolumeLocation, snapshot: string) {
  await settled(
    await del(snapshotPath(where.pool, where.type, where.name, snapshot), {
      project: where.project,
      target: where.member,
    }),
    where.project,
  );
}

/** PUT the volume with {restore: snapshot}: LXD puts the volume back to that snapshot. */
export async function restoreVolumeSnapshot(where: VolumeLocation, snapshot: string) {
  await settled(
    await put(
      storageVolumePath(where.pool, where.type, where.name),
      { restore: snapshot },
      { project: where.project, target: where.member },
    ),
    where.project,
  );
}

/** POST …/backups: LXD writes the backup (an operation); resolves once it exists. */
export async function createVolumeBackup(
  where: VolumeLocation,
  body: LxdStorageVolumeBackupsPost,
): Promise<void> {
  await settled(
    await post(`${storageVolumePath(where.pool, 'custom', where.name)}/backups`, body, {
      project: where.project,
      target: where.member,
    }),
    where.project,
  );
}

/** GET …/backups/{backup}/export: the backup's tarball. */
export function volumeBackupExportUrl(where: VolumeLocation, backup: string): string {
  return buildUrl(`${backupPath(where.pool, where.name, backup)}/export`, {
    project: where.project,
    target: where.member,
  });
}

export async function deleteVolumeBackup(where: VolumeLocation, backup: string): Promise<void> {
  await settled(
    await del(backupPath(where.pool, where.name, backup), {
      project: where.project,
      target: where.member,
    }),
    where.project,
  );
}

export interface VolumeUploadOptions extends NamedUploadIo {
  project: string;
  pool: string;
  /** The new volume's name (`X-LXD-name`). */
  name: string;
  file: Blob;
  /**
   * What the file is: a volume backup (LXD's default for a binary body) or, on servers with
   * `custom_volume_iso`, an ISO image (`X-LXD-type: iso`).
   */
  kind?: 'backup' | 'iso';
}

/**
 * POST /1.0/storage-pools/{pool}/volumes/custom?project= with the file as an
 * application/octet-stream body and `X-LXD-name` (plus `X-LXD-type: iso` for ISO images),
 * sent with XMLHttpRequest for upload progress. Resolves with the id of the operation that
 * creates the volume.
 */
export function uploadVolumeFile(options: VolumeUploadOptions): Promise<string> {
  const { project, pool, name, file } = options;
  return uploadNamedFile(
    buildUrl(`${storagePoolPath(pool)}/volumes/custom`, { project }),
    file,
    { value: name, noun: 'volume' },
    options.kind === 'iso' ? { 'X-LXD-type': 'iso' } : {},
    options,
  );
}
