import { useQueries, useQuery, type QueryObserverResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LxdStoragePool, LxdStoragePoolResources } from '../../../../lxd/types/storage';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import type { ListRows, PageContext } from '../../../../shared/pages';
import type { ListFilter } from '../../../../shared/ui/list';
import { poolMemberQuery, poolResourcesQuery, poolsQuery } from '../queries';
import { poolLocations } from '../rules';
import { poolRows, type PoolRow } from './poolListColumns';

interface Fetched<T> {
  data: T | undefined;
  error: string | undefined;
}
const fetched = <T>(results: QueryObserverResult<T>[]): Fetched<T>[] =>
  results.map((result) => ({
    data: result.data,
    error: result.error ? result.error.message : undefined,
  }));

/**
 * The rows of the pool list: one per pool, or per pool and member in a cluster, each with its
 * space and, in a cluster, the member's own status. Pools are few: every row's space (and each
 * member's status) is asked at once. Spec §6: the space is resource usage (can_view_resources on
 * the server); without it each row says why.
 */
export function usePoolRows({ project, auth, permissions }: PageContext): ListRows<PoolRow> {
  const list = useQuery(poolsQuery(project));
  const usageReason = permissions.onServer('viewPoolResources');
  const base = useMemo(
    () => poolRows(list.data ?? [], auth.isClustered),
    [list.data, auth.isClustered],
  );
  const resources = useQueries({
    queries: base.map((row) => ({
      ...poolResourcesQuery(row.pool.name, row.member),
      enabled: usageReason === undefined,
    })),
    combine: fetched<LxdStoragePoolResources>,
  });
  const memberViews = useQueries({
    queries: base
      .filter((row) => row.member !== undefined)
      .map((row) => poolMemberQuery(project, row.pool.name, row.member ?? '')),
    combine: fetched<LxdStoragePool>,
  });

  const rows = useMemo((): PoolRow[] | undefined => {
    if (!list.data) return undefined;
    let memberIndex = 0;
    return base.map((row, index) => {
      const space = resources[index];
      const view = row.member !== undefined ? memberViews[memberIndex++] : undefined;
      return {
        ...row,
        resources: space?.data,
        resourcesError: usageReason ?? space?.error,
        status: view?.data?.status ?? row.status,
      };
    });
  }, [list.data, base, resources, memberViews, usageReason]);
  return { rows, query: list };
}

/** The driver filter (the server's drivers and those in use), and the member one in a cluster. */
export function poolFilters(
  { auth }: PageContext,
  rows: readonly PoolRow[],
): ListFilter<PoolRow>[] {
  const pools = [...new Set(rows.map((row) => row.pool))];
  const drivers = new Set([
    ...(auth.server.environment?.storage_supported_drivers ?? []).map((driver) => driver.Name),
    ...pools.map((pool) => pool.driver),
  ]);
  const filters: ListFilter<PoolRow>[] = [
    {
      param: 'driver',
      label: 'Driver',
      options: [...drivers]
        .sort()
        .map((driver) => ({ value: driver, label: storageDriverLabel(driver) })),
      match: (row, value) => row.pool.driver === value,
    },
  ];
  if (auth.isClustered) {
    const members = new Set(pools.flatMap(poolLocations));
    filters.push({
      param: 'member',
      label: 'Member',
      options: [...members].sort().map((member) => ({ value: member, label: member })),
      match: (row, value) => row.member === value,
    });
  }
  return filters;
}
