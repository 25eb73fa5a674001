import { useQuery } from '@tanstack/react-query';
import type { LxdClusterGroup } from '../../../lxd/types/cluster';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import {
  BY_NAME,
  CLUSTER_GROUPS_LIST_ID,
  GROUP_COLUMNS,
  nameContains,
} from '../components/clusterColumns';
import { clusterGroupsQuery } from '../queries';
import '../cluster.scss';

const NOUN = { one: 'cluster group', other: 'cluster groups' };
const rowKey = (group: LxdClusterGroup) => group.name;
const SEARCH: ListSearch<LxdClusterGroup> = {
  label: 'Search cluster groups',
  placeholder: 'Search by name',
  compile: nameContains(rowKey),
};

/** /ui/cluster/groups: the cluster groups and their members (read-only). */
export function ClusterGroupsPage() {
  const groups = useQuery(clusterGroupsQuery);
  const view = useListView({
    id: CLUSTER_GROUPS_LIST_ID,
    rows: groups.data,
    columns: GROUP_COLUMNS,
    rowKey,
    defaultSort: BY_NAME,
    search: SEARCH,
  });
  return (
    <section className="list-page cluster-page">
      <PageHeader title="Cluster groups" />
      {/* Rows grow: a group's member links wrap onto more lines. */}
      <ResourceList<LxdClusterGroup>
        view={view}
        label="Cluster groups"
        noun={NOUN}
        query={groups}
        rowLabel={rowKey}
        rowHeight={null}
      />
    </section>
  );
}
