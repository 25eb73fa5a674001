import { useCallback, useMemo, useState } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import type { LxdResources } from '../../../lxd/types/resources';
import { PageHeader } from '../../../shared/ui/PageHeader';
import {
  ResourceList,
  useListView,
  type ListFilter,
  type ListSearch,
} from '../../../shared/ui/list';
import { resourcesQuery } from '../../server';
import {
  BY_NAME,
  CLUSTER_MEMBERS_LIST_ID,
  MEMBER_COLUMNS,
  nameContains,
  type MemberRowExtra,
} from '../components/clusterColumns';
import { memberOfflineReason } from '../form';
import { clusterMembersQuery, countByMember, locatedInstancesQuery } from '../queries';
import '../cluster.scss';

const NOUN = { one: 'cluster member', other: 'cluster members' };
const rowKey = (member: LxdClusterMember) => member.server_name;
const SEARCH: ListSearch<LxdClusterMember> = {
  label: 'Search cluster members',
  placeholder: 'Search by name',
  compile: nameContains(rowKey),
};

const viewKey = (rows: readonly LxdClusterMember[]) =>
  rows.map((member) => `${member.server_name} ${member.status}`).join('\n');

/** What each member's resources say of its memory, in the order asked. */
const memoryOf = (results: UseQueryResult<LxdResources>[]): MemberRowExtra['memory'][] =>
  results.map((result) =>
    result.data?.memory
      ? { state: 'ok', used: result.data.memory.used, total: result.data.memory.total }
      : result.error
        ? { state: 'error', message: result.error.message }
        : { state: 'loading' },
  );

/** /ui/cluster/members: every member with its address, roles, groups, state, memory and load. */
export function ClusterMembersPage() {
  const members = useQuery(clusterMembersQuery);
  const instances = useQuery(locatedInstancesQuery);
  const filters = useMemo<ListFilter<LxdClusterMember>[]>(() => {
    const list = members.data ?? [];
    const options = (values: string[]) =>
      [...new Set(values)].sort().map((value) => ({ value, label: value }));
    return [
      {
        param: 'status',
        label: 'Status',
        options: options(list.map((member) => member.status)),
        match: (member, value) => member.status === value,
      },
      {
        param: 'group',
        label: 'Group',
        options: options(list.flatMap((member) => member.groups ?? [])),
        match: (member, value) => (member.groups ?? []).includes(value),
      },
    ];
  }, [members.data]);
  const view = useListView<LxdClusterMember, MemberRowExtra>({
    id: CLUSTER_MEMBERS_LIST_ID,
    rows: members.data,
    columns: MEMBER_COLUMNS,
    rowKey,
    defaultSort: BY_NAME,
    search: SEARCH,
    filters,
  });

  // Memory comes from each member's resources: asked for the rows in view that can answer
  // (an offline member's call hangs ~10 s and fails), and a failure stays in its row.
  const [visible, setVisible] = useState<readonly LxdClusterMember[]>([]);
  // Only a change of the rows in view (or of their status) asks again.
  const onVisibleRowsChange = useCallback((rows: readonly LxdClusterMember[]) => {
    setVisible((previous) => (viewKey(previous) === viewKey(rows) ? previous : rows));
  }, []);
  const names = visible
    .filter((member) => memberOfflineReason(member) === undefined)
    .map((member) => member.server_name);
  const key = names.join('\n');
  const memory = useQueries({
    queries: names.map((name) => ({ ...resourcesQuery(name), retry: 1 })),
    combine: memoryOf,
  });

  const rowExtra = useMemo(() => {
    const counts = instances.data ? countByMember(instances.data) : undefined;
    const byName = new Map((key ? key.split('\n') : []).map((name, i) => [name, memory[i]]));
    return (member: LxdClusterMember): MemberRowExtra => ({
      memory:
        memberOfflineReason(member) === undefined
          ? byName.get(member.server_name)
          : { state: 'unavailable', reason: `Member ${member.status.toLowerCase()}` },
      instances: counts ? (counts.get(member.server_name) ?? 0) : undefined,
    });
  }, [instances.data, key, memory]);

  return (
    <section className="list-page cluster-page">
      <PageHeader title="Cluster members" />
      {/* Rows grow: the description sits under the name and the message under the status. */}
      <ResourceList<LxdClusterMember, MemberRowExtra>
        view={view}
        label="Cluster members"
        noun={NOUN}
        query={members}
        rowLabel={rowKey}
        rowExtra={rowExtra}
        onVisibleRowsChange={onVisibleRowsChange}
        rowHeight={null}
        empty={{ body: <p>This server is not part of a cluster.</p> }}
      />
    </section>
  );
}
