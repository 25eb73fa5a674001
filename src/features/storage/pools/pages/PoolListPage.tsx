import { useQueries, useQuery, type QueryObserverResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from '../../../../shared/routing/router';
import type { LxdStoragePool, LxdStoragePoolResources } from '../../../../lxd/types/storage';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import { useAuth } from '../../../../shared/auth/context';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { GatedLink } from '../../../../shared/ui/Gated';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import {
  ResourceList,
  useListView,
  type ListFilter,
  type ListSearch,
} from '../../../../shared/ui/list';
import {
  POOL_LIST_ID,
  POOL_LIST_SORT,
  poolColumns,
  poolRows,
  type PoolRow,
} from '../components/poolListColumns';
import { poolMemberQuery, poolResourcesQuery, poolsQuery } from '../queries';
import { matchPool, poolLocations } from '../rules';
import { useCreatePoolReason } from '../usePoolPermissions';
import '../pools.scss';

const NOUN = { one: 'storage pool', other: 'storage pools' };
const SEARCH: ListSearch<PoolRow> = {
  label: 'Search storage pools',
  placeholder: 'Search by name, driver or description',
  compile: (term) => {
    const test = matchPool(term);
    return (row) => test(row.pool);
  },
};
const rowKey = (row: PoolRow) => row.key;
const rowLabel = (row: PoolRow) =>
  row.member ? `${row.pool.name} on ${row.member}` : row.pool.name;

function CreatePoolButton({ project, reason }: { project: string; reason: string | undefined }) {
  return (
    <GatedLink className="p-button--positive" to={paths.storagePoolCreate(project)} reason={reason}>
      Create pool
    </GatedLink>
  );
}

interface Fetched<T> {
  data: T | undefined;
  error: string | undefined;
}
const fetched = <T,>(results: QueryObserverResult<T>[]): Fetched<T>[] =>
  results.map((result) => ({
    data: result.data,
    error: result.error ? result.error.message : undefined,
  }));

/**
 * /ui/project/{project}/storage/pools: name, driver, used / total space, status, description,
 * used-by count; one row per member in a cluster. Search and the driver filter in the URL.
 */
export function PoolListPage() {
  const { project = '' } = useParams();
  const { isClustered, server } = useAuth();
  const list = useQuery(poolsQuery(project));
  const createReason = useCreatePoolReason();
  // Spec §6: the space of pools is resource usage (can_view_resources on the server).
  const usageReason = usePermissions().onServer('viewPoolResources');
  const base = useMemo(() => poolRows(list.data ?? [], isClustered), [list.data, isClustered]);

  // Pools are few: ask every row's space (and in a cluster each member's status) at once.
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

  const columns = useMemo(() => poolColumns(project, isClustered), [project, isClustered]);
  const filters = useMemo((): ListFilter<PoolRow>[] => {
    const drivers = new Set([
      ...(server.environment?.storage_supported_drivers ?? []).map((driver) => driver.Name),
      ...(list.data ?? []).map((pool) => pool.driver),
    ]);
    const result: ListFilter<PoolRow>[] = [
      {
        param: 'driver',
        label: 'Driver',
        options: [...drivers]
          .sort()
          .map((driver) => ({ value: driver, label: storageDriverLabel(driver) })),
        match: (row, value) => row.pool.driver === value,
      },
    ];
    if (isClustered) {
      const members = new Set((list.data ?? []).flatMap(poolLocations));
      result.push({
        param: 'member',
        label: 'Member',
        options: [...members].sort().map((member) => ({ value: member, label: member })),
        match: (row, value) => row.member === value,
      });
    }
    return result;
  }, [server, list.data, isClustered]);

  const view = useListView({
    id: POOL_LIST_ID,
    rows,
    columns,
    rowKey,
    defaultSort: POOL_LIST_SORT,
    search: SEARCH,
    filters,
  });

  return (
    <section className="list-page pool-page" aria-labelledby="pools-heading">
      <PageHeader title={<span id="pools-heading">Storage pools</span>}>
        <CreatePoolButton project={project} reason={createReason} />
      </PageHeader>
      <ResourceList<PoolRow>
        view={view}
        label="Storage pools"
        noun={NOUN}
        query={list}
        rowLabel={rowLabel}
        empty={{
          body: (
            <p>
              Storage pools hold the disks of instances, images and custom volumes. Create one to
              start.
            </p>
          ),
          action: <CreatePoolButton project={project} reason={createReason} />,
        }}
      />
    </section>
  );
}
