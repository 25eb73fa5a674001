/**
 * The custom volumes an instance or profile disk can attach, for the configuration form's
 * volume picker (pool → volume). Snapshots ('volume/snapshot') are not attachable.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchProjectVolumes } from '../../lxd/endpoints/storage-volumes';
import type { LxdStorageVolume } from '../../lxd/types/storage';
import type { VolumeOption } from '../../shared/config-form';
import { storageKeyRoot } from './events';

export function toVolumeOptions(volumes: readonly LxdStorageVolume[]): VolumeOption[] {
  return volumes
    .filter((volume) => volume.type === 'custom' && !volume.name.includes('/') && volume.pool)
    .map((volume) => ({
      pool: volume.pool ?? '',
      name: volume.name,
      contentType: volume.content_type || 'filesystem',
    }))
    .sort((a, b) => a.pool.localeCompare(b.pool) || a.name.localeCompare(b.name));
}

export function volumeOptionsQuery(project: string) {
  return queryOptions({
    queryKey: [...storageKeyRoot, 'volume-options', project] as const,
    queryFn: async ({ signal }) => toVolumeOptions(await fetchProjectVolumes(project, signal)),
    staleTime: 30_000,
  });
}
