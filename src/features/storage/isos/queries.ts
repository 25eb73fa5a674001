/**
 * Custom ISO volume data. The keys start with `storageKeys.all`, so storage lifecycle events and
 * every storage write refresh them.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deleteIsoVolume, fetchIsoVolumes } from '../../../lxd/endpoints/storage-isos';
import { fetchStoragePools } from '../../../lxd/endpoints/storage-pools';
import { fetchPoolVolumes } from '../../../lxd/endpoints/storage-volumes';
import {
  assertFineGrainedKnown,
  entitlementsParam,
  type FineGrained,
} from '../../../shared/permissions/entitlements';
import { ENTITY_ENTITLEMENTS } from '../../../shared/permissions/rules';
import { storageKeys } from '../keys';

/** Keys of the ISO screens, under the storage root (keys.ts is shared; these are local). */
export const isoKeys = {
  list: (project: string) => [...storageKeys.all, 'iso-volumes', project] as const,
  poolNames: (project: string) => [...storageKeys.all, 'iso-pool-names', project] as const,
  customNames: (project: string, pool: string) =>
    [...storageKeys.all, 'iso-custom-names', project, pool] as const,
};

/**
 * The custom ISO volumes of a project across its pools (content type `iso`), each with `pool`
 * set: the ISO list, and the ISO picker of the instance form.
 */
export function isoVolumesQuery(project: string, isFineGrained: FineGrained = false) {
  const entitlements = entitlementsParam(isFineGrained, ENTITY_ENTITLEMENTS.storage_volume);
  return queryOptions({
    queryKey: [...isoKeys.list(project), entitlements ?? ''] as const,
    queryFn: ({ signal }) => {
      assertFineGrainedKnown(isFineGrained);
      return fetchIsoVolumes(project, signal, entitlements);
    },
    enabled: isFineGrained !== null,
  });
}

/** The pools an ISO can be uploaded to. */
export function isoPoolNamesQuery(project: string) {
  return queryOptions({
    queryKey: isoKeys.poolNames(project),
    queryFn: async ({ signal }) =>
      (await fetchStoragePools(project, signal)).map((pool) => pool.name),
    staleTime: 30_000,
  });
}

/** The names of the custom volumes of one pool (what a new ISO's name must not repeat). */
export function customVolumeNamesQuery(project: string, pool: string) {
  return queryOptions({
    queryKey: isoKeys.customNames(project, pool),
    queryFn: async ({ signal }) =>
      (await fetchPoolVolumes(project, pool, { signal }))
        .filter((volume) => volume.type === 'custom')
        .map((volume) => volume.name),
    enabled: pool !== '',
  });
}

/** Refreshes every storage query (lists of volumes, ISOs and pools' used_by). */
export function useRefreshStorage() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: storageKeys.all }), [client]);
}

export function useDeleteIso(project: string) {
  const refresh = useRefreshStorage();
  return useCallback(
    async (pool: string, name: string) => {
      try {
        await deleteIsoVolume(project, pool, name);
      } finally {
        await refresh();
      }
    },
    [project, refresh],
  );
}
