import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

const poolDetail = async () => {
  const { PoolDetailPage } = await importWithRetry(() => import('./pools/pages/PoolDetailPage'));
  return { Component: PoolDetailPage };
};

const volumeDetail = async () => {
  const { VolumeDetailPage } = await importWithRetry(
    () => import('./volumes/pages/VolumeDetailPage'),
  );
  return { Component: VolumeDetailPage };
};

const volumePaths = (prefix: string) => [
  `${prefix}/volumes/:type/:volume`,
  `${prefix}/volumes/:type/:volume/:activeTab`,
  `${prefix}/volumes/:type/:volume/:activeTab/:section`,
];

/** Routes under /ui/project/{project}/ (spec §2, Storage, Pool, Volume and Bucket detail). */
export const storageProjectRoutes: RouteObject[] = [
  {
    path: 'storage/pools',
    lazy: async () => {
      const { PoolListPage } = await importWithRetry(() => import('./pools/pages/PoolListPage'));
      return { Component: PoolListPage };
    },
  },
  {
    path: 'storage/pools/create',
    lazy: async () => {
      const { PoolCreatePage } = await importWithRetry(
        () => import('./pools/pages/PoolCreatePage'),
      );
      return { Component: PoolCreatePage };
    },
  },
  { path: 'storage/pool/:name', lazy: poolDetail },
  { path: 'storage/pool/:name/:activeTab', lazy: poolDetail },
  { path: 'storage/pool/:name/:activeTab/:section', lazy: poolDetail },
  {
    path: 'storage/volumes',
    lazy: async () => {
      const { VolumeListPage } = await importWithRetry(
        () => import('./volumes/pages/VolumeListPage'),
      );
      return { Component: VolumeListPage };
    },
  },
  {
    path: 'storage/volumes/create',
    lazy: async () => {
      const { VolumeCreatePage } = await importWithRetry(
        () => import('./volumes/pages/VolumeCreatePage'),
      );
      return { Component: VolumeCreatePage };
    },
  },
  ...[
    ...volumePaths('storage/pool/:pool'),
    ...volumePaths('storage/pool/:pool/member/:member'),
  ].map((path) => ({ path, lazy: volumeDetail })),
  {
    path: 'storage/custom-isos',
    lazy: async () => {
      const { CustomIsoListPage } = await importWithRetry(
        () => import('./isos/pages/CustomIsoListPage'),
      );
      return { Component: CustomIsoListPage };
    },
  },
  {
    path: 'storage/buckets',
    lazy: async () => {
      const { BucketListPage } = await importWithRetry(
        () => import('./buckets/pages/BucketListPage'),
      );
      return { Component: BucketListPage };
    },
  },
  {
    path: 'storage/pool/:pool/bucket/:bucket',
    lazy: async () => {
      const { BucketDetailPage } = await importWithRetry(
        () => import('./buckets/pages/BucketDetailPage'),
      );
      return { Component: BucketDetailPage };
    },
  },
];
