/**
 * Volume data: the project's volumes (every pool), one volume, its state and snapshots, the
 * pools a form offers; and the writes, each refreshing the storage keys.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createStorageVolume,
  deleteStorageVolume,
  fetchProjectVolumes,
  fetchStorageVolume,
  fetchStorageVolumeState,
  fetchVolumeSnapshots,
  moveStorageVolume,
  storageVolumeExists,
  updateStorageVolume,
  type VolumeLocation,
} from '../../../lxd/endpoints/storage-volumes';
import { fetchStoragePools } from '../../../lxd/endpoints/storage-pools';
import type {
  LxdStorageVolumePost,
  LxdStorageVolumePut,
  LxdStorageVolumesPost,
} from '../../../lxd/types/storage';
import {
  assertFineGrainedKnown,
  entitlementsParam,
  type FineGrained,
} from '../../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../../shared/permissions/rules';
import { storageKeys } from '../keys';
import type { VolumeLookup } from './rules';

/**
 * Every volume of the project, pool by pool, as LXD lists them: snapshots are entries named
 * `volume/snapshot` (see `volumeRows` / `isSnapshotEntry`), and each entry carries its pool.
 * With `isFineGrained` true the entries carry the caller's entitlements (another key).
 */
export function projectVolumesQuery(project: string, isFineGrained: FineGrained = false) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.storage_volume);
  return queryOptions({
    queryKey: entitlements
      ? ([...storageKeys.volumes(project), entitlements] as const)
      : storageKeys.volumes(project),
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchProjectVolumes(project, signal, { entitlements });
    },
    enabled: isFineGrained !== null,
  });
}

/** The pools a volume form or dialog offers (a key of its own under the pools' key). */
export function volumePoolsQuery(project: string) {
  return queryOptions({
    queryKey: [...storageKeys.pools(project), 'volume-form'] as const,
    queryFn: ({ signal }) => fetchStoragePools(project, signal),
    staleTime: 30_000,
  });
}

export function volumeQuery(where: VolumeLocation, isFineGrained: FineGrained = false) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.storage_volume);
  return queryOptions({
    queryKey: storageKeys.volume(where.project, where.pool, where.type, where.name, where.member),
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchStorageVolume(where, { signal, entitlements });
    },
    enabled: isFineGrained !== null,
  });
}

/** GET …/state: several drivers cannot tell (LXD answers an error): no retries then. */
export function volumeStateQuery(where: VolumeLocation) {
  return queryOptions({
    queryKey: [
      ...storageKeys.volume(where.project, where.pool, where.type, where.name, where.member),
      'state',
    ] as const,
    queryFn: ({ signal }) => fetchStorageVolumeState(where, signal),
    retry: false,
  });
}

export function volumeSnapshotsQuery(where: VolumeLocation) {
  return queryOptions({
    queryKey: [
      ...storageKeys.volumeSnapshots(where.project, where.pool, where.type, where.name),
      where.member ?? '',
    ] as const,
    queryFn: ({ signal }) => fetchVolumeSnapshots(where, signal),
  });
}

/** Whether a custom volume name is taken in a pool of a project (GET, 404 = free). */
export const volumeNameTaken: VolumeLookup = (project, pool, name, signal) =>
  storageVolumeExists(project, pool, name, signal);

function useInvalidateStorage() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: storageKeys.all });
}

export function useCreateVolume(project: string) {
  const invalidate = useInvalidateStorage();
  return useMutation({
    mutationFn: ({
      pool,
      body,
      target,
    }: {
      pool: string;
      body: LxdStorageVolumesPost;
      /** The cluster member of a volume on a local pool. */
      target?: string | undefined;
    }) => createStorageVolume(project, pool, body, target),
    onSuccess: invalidate,
  });
}

export function useUpdateVolume(where: VolumeLocation) {
  const invalidate = useInvalidateStorage();
  return useMutation({
    mutationFn: ({ body, etag }: { body: LxdStorageVolumePut; etag: string | undefined }) =>
      updateStorageVolume(where, body, etag),
    onSuccess: invalidate,
  });
}

/** Forgets a volume that moved or went (its page leaves), and refreshes the storage keys. */
function useDropVolume() {
  const client = useQueryClient();
  return (where: VolumeLocation) => {
    const { project, pool, type, name, member } = where;
    client.removeQueries({ queryKey: storageKeys.volume(project, pool, type, name, member) });
    void client.invalidateQueries({ queryKey: storageKeys.all });
  };
}

/** Rename or move; the old detail is dropped (the page moves to the new place). */
export function useMoveVolume(where: VolumeLocation) {
  const drop = useDropVolume();
  return useMutation({
    mutationFn: (body: LxdStorageVolumePost) => moveStorageVolume(where, body),
    onSuccess: () => {
      drop(where);
    },
  });
}

export function useDeleteVolume() {
  const drop = useDropVolume();
  return useMutation({
    mutationFn: (where: VolumeLocation) => deleteStorageVolume(where),
    onSuccess: (_result, where) => {
      drop(where);
    },
  });
}
