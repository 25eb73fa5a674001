import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../shared/routing/router';
import { paths } from '../../../shared/routing/paths';
import { Loader } from '../../../shared/ui/Loader';
import { ErrorNotice } from '../../../shared/ui/States';
import { DataTable, sortRows, useLocalSort, type ListColumn } from '../../../shared/ui/list';
import { locatedInstancesQuery, type LocatedInstance } from '../queries';

const rowKey = (instance: LocatedInstance) => `${instance.project}/${instance.name}`;

const COLUMNS: readonly ListColumn<LocatedInstance>[] = [
  {
    id: 'name',
    header: 'Name',
    rowHeader: true,
    sortValue: (instance) => instance.name,
    cell: (instance) => (
      <Link to={paths.instance(instance.project, instance.name)}>{instance.name}</Link>
    ),
  },
  {
    id: 'project',
    header: 'Project',
    width: 10,
    sortValue: (instance) => instance.project,
    cell: (instance) => instance.project,
  },
  {
    id: 'type',
    header: 'Type',
    width: 10,
    priority: 2,
    sortValue: (instance) => instance.type,
    cell: (instance) => (instance.type === 'virtual-machine' ? 'VM' : 'Container'),
  },
  {
    id: 'status',
    header: 'Status',
    width: 8,
    sortValue: (instance) => instance.status,
    cell: (instance) => instance.status,
  },
];

/** The Instances tab: every instance (all projects) located on the member. */
export function MemberInstances({ member }: { member: string }) {
  const instances = useQuery(locatedInstancesQuery);
  const [sort, onSort] = useLocalSort({ column: 'name', direction: 'ascending' });
  const rows = useMemo(
    () =>
      sortRows(
        (instances.data ?? []).filter((instance) => instance.location === member),
        COLUMNS,
        sort,
        rowKey,
      ),
    [instances.data, member, sort],
  );
  if (instances.isPending) return <Loader text="Loading instances…" />;
  if (instances.error) {
    return (
      <ErrorNotice
        title="Could not load the instances"
        error={instances.error}
        onRetry={() => void instances.refetch()}
      />
    );
  }
  if (rows.length === 0) return <p>No instances run on {member}.</p>;
  return (
    <>
      <p>
        {rows.length === 1 ? '1 instance' : `${String(rows.length)} instances`} on {member}
      </p>
      <DataTable
        label={`Instances on ${member}`}
        rows={rows}
        columns={COLUMNS}
        rowKey={rowKey}
        sort={sort}
        onSort={onSort}
      />
    </>
  );
}
