import { paths } from '../../../../shared/routing/paths';
import { listPage } from '../../../../shared/pages';
import {
  POOL_LIST_ID,
  POOL_LIST_SORT,
  POOL_SEARCH,
  poolColumns,
  poolRowLabel,
  type PoolRow,
} from '../components/poolListColumns';
import { poolFilters, usePoolRows } from '../components/usePoolRows';
import { createPoolReason } from '../usePoolPermissions';
import '../pools.scss';

/**
 * /ui/project/{project}/storage/pools: name, driver, used / total space, status, description,
 * used-by count; one row per member in a cluster. Search and the driver filter in the URL.
 */
export const PoolListPage = listPage<PoolRow>({
  id: POOL_LIST_ID,
  title: 'Storage pools',
  noun: { one: 'storage pool', other: 'storage pools' },
  className: 'pool-page',
  useRows: usePoolRows,
  columns: ({ project, auth }) => poolColumns(project, auth.isClustered),
  rowKey: (row) => row.key,
  rowLabel: poolRowLabel,
  defaultSort: POOL_LIST_SORT,
  search: POOL_SEARCH,
  filters: poolFilters,
  create: {
    label: 'Create pool',
    to: ({ project }) => paths.storagePoolCreate(project),
    reason: ({ auth, permissions }) => createPoolReason(auth, permissions),
  },
  empty:
    'Storage pools hold the disks of instances, images and custom volumes. Create one to start.',
});
