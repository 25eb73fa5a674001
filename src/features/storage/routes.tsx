import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

const poolDetail = lazyPage(() => import('./pools/pages/PoolDetailPage'), 'PoolDetailPage');
const volumeDetail = lazyPage(() => import('./volumes/pages/VolumeDetailPage'), 'VolumeDetailPage');

/** Routes under /ui/project/{project}/ (spec §2, Storage, Pool, Volume and Bucket detail). */
export const storageProjectRoutes = [
  ...navRoutes('storage-pools', [
    {
      path: 'storage/pools',
      lazy: lazyPage(() => import('./pools/pages/PoolListPage'), 'PoolListPage'),
    },
    {
      path: 'storage/pools/create',
      lazy: lazyPage(() => import('./pools/pages/PoolCreatePage'), 'PoolCreatePage'),
    },
    { path: 'storage/pool/:name/:activeTab?/:section?', lazy: poolDetail },
  ]),
  ...navRoutes('storage-volumes', [
    {
      path: 'storage/volumes',
      lazy: lazyPage(() => import('./volumes/pages/VolumeListPage'), 'VolumeListPage'),
    },
    {
      path: 'storage/volumes/create',
      lazy: lazyPage(() => import('./volumes/pages/VolumeCreatePage'), 'VolumeCreatePage'),
    },
    { path: 'storage/pool/:pool/volumes/:type/:name/:activeTab?/:section?', lazy: volumeDetail },
    {
      path: 'storage/pool/:pool/member/:member/volumes/:type/:name/:activeTab?/:section?',
      lazy: volumeDetail,
    },
  ]),
  ...navRoutes('storage-isos', [
    {
      path: 'storage/custom-isos',
      lazy: lazyPage(() => import('./isos/pages/CustomIsoListPage'), 'CustomIsoListPage'),
    },
  ]),
  ...navRoutes('storage-buckets', [
    {
      path: 'storage/buckets',
      lazy: lazyPage(() => import('./buckets/pages/BucketListPage'), 'BucketListPage'),
    },
    {
      path: 'storage/pool/:pool/bucket/:name/:activeTab?',
      lazy: lazyPage(() => import('./buckets/pages/BucketDetailPage'), 'BucketDetailPage'),
    },
  ]),
];
