import { hasServerExtension } from '../../shared/auth/context';
import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { storageInvalidation } from './events';
import { storageBulkExecutors } from './executors';
import { storageProjectRoutes } from './routes';

export { storageProjectRoutes } from './routes';
export { storageEventPrefixes, storageInvalidation } from './events';
export { storageKeys } from './keys';
export { volumeOptionsQuery } from './volume-options';

const storage = { scope: 'project', group: 'Storage' } as const;

export const storageFeature: FeatureModule = {
  projectRoutes: storageProjectRoutes,
  nav: [
    { ...storage, id: 'storage-pools', label: 'Pools', order: 40, to: paths.storagePools },
    { ...storage, id: 'storage-volumes', label: 'Volumes', order: 41, to: paths.storageVolumes },
    {
      ...storage,
      id: 'storage-isos',
      label: 'Custom ISOs',
      order: 42,
      to: paths.customIsos,
      shown: (auth) => hasServerExtension(auth, 'custom_volume_iso'),
    },
    { ...storage, id: 'storage-buckets', label: 'Buckets', order: 43, to: paths.storageBuckets },
  ],
  invalidations: [storageInvalidation],
  bulkExecutors: storageBulkExecutors,
  palette: () => import('./palette').then((module) => module.paletteSources),
};
