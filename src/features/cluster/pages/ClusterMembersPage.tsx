import { useQuery } from '@tanstack/react-query';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import {
  BY_NAME,
  CLUSTER_MEMBERS_LIST_ID,
  MEMBER_COLUMNS,
  nameContains,
} from '../components/clusterColumns';
import { clusterMembersQuery } from '../queries';
import '../cluster.scss';

const NOUN = { one: 'cluster member', other: 'cluster members' };
const rowKey = (member: LxdClusterMember) => member.server_name;
const SEARCH: ListSearch<LxdClusterMember> = {
  label: 'Search cluster members',
  placeholder: 'Search by name',
  compile: nameContains(rowKey),
};

/** /ui/cluster/members: every member with its address, roles, groups and state. */
export function ClusterMembersPage() {
  const members = useQuery(clusterMembersQuery);
  const view = useListView({
    id: CLUSTER_MEMBERS_LIST_ID,
    rows: members.data,
    columns: MEMBER_COLUMNS,
    rowKey,
    defaultSort: BY_NAME,
    search: SEARCH,
  });
  return (
    <section className="list-page cluster-page">
      <PageHeader title="Cluster members" />
      {/* Rows grow: the description sits under the name and the message under the status. */}
      <ResourceList<LxdClusterMember>
        view={view}
        label="Cluster members"
        noun={NOUN}
        query={members}
        rowLabel={rowKey}
        rowHeight={null}
        empty={{ body: <p>This server is not part of a cluster.</p> }}
      />
    </section>
  );
}
