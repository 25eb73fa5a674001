import { useQuery } from '@tanstack/react-query';
import type { LxdStoragePool, LxdStorageVolume } from '../../lxd/types/storage';
import { useAuth } from '../../shared/auth/context';
import type { PaletteSource } from '../../shared/feature';
import { usePaletteList } from '../../shared/palette/sources';
import { paths } from '../../shared/routing/paths';
import { poolsQuery } from './pools/queries';
import { projectVolumesQuery } from './volumes/queries';
import { isSnapshotEntry } from './volumes/rules';

const poolOption = (pool: LxdStoragePool, project: string) => ({
  id: pool.name,
  label: pool.name,
  detail: pool.driver,
  keywords: 'storage pool',
  to: paths.storagePool(project, pool.name),
});

const volumeOption = (volume: LxdStorageVolume, project: string) =>
  volume.pool === undefined || isSnapshotEntry(volume)
    ? undefined
    : {
        id: `${volume.pool}/${volume.type}/${volume.name}`,
        label: volume.name,
        detail: `${volume.type} volume in ${volume.pool}`,
        keywords: 'storage volume',
        to: paths.storageVolume(project, volume.pool, volume.type, volume.name),
      };

/** The project's storage pools and volumes in the command palette (their lists' queries). */
export const paletteSources: readonly PaletteSource[] = [
  {
    group: 'Storage pools',
    order: 40,
    useOptions: (project) => usePaletteList(useQuery(poolsQuery(project)), project, poolOption),
  },
  {
    group: 'Storage volumes',
    order: 50,
    useOptions: (project) =>
      usePaletteList(
        useQuery(projectVolumesQuery(project, useAuth().isFineGrained)),
        project,
        volumeOption,
      ),
  },
];
