import { Link } from '../../../../shared/routing/router';
import type { LxdStoragePool, LxdStoragePoolResources } from '../../../../lxd/types/storage';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import { paths } from '../../../../shared/routing/paths';
import type { ListColumn, ListSearch, SortState } from '../../../../shared/ui/list';
import { matchPool, poolLocations, poolUsage } from '../rules';
import { PoolStatus, UsageBar } from './PoolBits';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';

/** One row of the list: a pool, or in a cluster one member's share of a pool. */
export interface PoolRow {
  key: string;
  pool: LxdStoragePool;
  /** The cluster member this row is about (clustered servers only). */
  member?: string | undefined;
  resources?: LxdStoragePoolResources | undefined;
  resourcesError?: string | undefined;
  /** The member's own status (GET ?target=), else the pool's. */
  status?: string | undefined;
}

/** Rows of a pool list: one per pool, or one per pool and member in a cluster. */
export function poolRows(pools: readonly LxdStoragePool[], clustered: boolean): PoolRow[] {
  return pools.flatMap((pool) => {
    const members = clustered ? poolLocations(pool) : [];
    if (members.length === 0) return [{ key: pool.name, pool, status: pool.status }];
    return members.map((member) => ({
      key: `${pool.name}\n${member}`,
      pool,
      member,
      status: pool.status,
    }));
  });
}

export const POOL_LIST_ID = 'storage-pools';
export const POOL_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };
export const POOL_SEARCH: ListSearch<PoolRow> = {
  label: 'Search storage pools',
  placeholder: 'Search by name, driver or description',
  compile: (term) => {
    const test = matchPool(term);
    return (row) => test(row.pool);
  },
};
export const poolRowLabel = (row: PoolRow) =>
  row.member ? `${row.pool.name} on ${row.member}` : row.pool.name;

const usedByCount = (row: PoolRow) => row.pool.used_by?.length ?? 0;

function UsageCell({ row }: { row: PoolRow }) {
  const usage = poolUsage(row.resources);
  if (usage) {
    const where = row.member ? ` on ${row.member}` : '';
    return <UsageBar usage={usage} label={`Space used by ${row.pool.name}${where}`} />;
  }
  if (row.resourcesError) {
    return (
      <span className="u-text--muted" title={row.resourcesError}>
        Unavailable
      </span>
    );
  }
  if (row.resources) return <span className="u-text--muted">Unknown</span>;
  return <span className="u-text--muted">…</span>;
}

export function poolColumns(project: string, clustered: boolean): ListColumn<PoolRow>[] {
  const columns: (ListColumn<PoolRow> | false)[] = [
    {
      id: 'name',
      header: 'Name',
      width: 12,
      alwaysShown: true,
      rowHeader: true,
      sortValue: (row) => row.pool.name,
      cell: (row) => (
        <ResourceName type="pool">
          <Link to={paths.storagePool(project, row.pool.name)} title={row.pool.name}>
            {row.pool.name}
          </Link>
        </ResourceName>
      ),
    },
    {
      id: 'driver',
      header: 'Driver',
      width: 9,
      priority: 2,
      sortValue: (row) => storageDriverLabel(row.pool.driver),
      cell: (row) => <span title={row.pool.driver}>{storageDriverLabel(row.pool.driver)}</span>,
    },
    clustered && {
      id: 'location',
      header: 'Location',
      width: 9,
      sortValue: (row) => row.member ?? '',
      cell: (row) => row.member ?? <span className="u-text--muted">All members</span>,
    },
    {
      id: 'usage',
      header: 'Used / total',
      width: 16,
      sortValue: (row) => poolUsage(row.resources)?.percent ?? -1,
      cell: (row) => <UsageCell row={row} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: 7,
      sortValue: (row) => row.status ?? '',
      cell: (row) => <PoolStatus status={row.status} />,
    },
    {
      id: 'description',
      header: 'Description',
      priority: 2,
      sortValue: (row) => row.pool.description,
      cell: (row) => <span title={row.pool.description}>{row.pool.description}</span>,
    },
    {
      id: 'used-by',
      header: 'Used by',
      width: 6,
      align: 'right',
      priority: 2,
      sortValue: usedByCount,
      cell: (row) => usedByCount(row),
    },
  ];
  return columns.filter((column): column is ListColumn<PoolRow> => column !== false);
}
