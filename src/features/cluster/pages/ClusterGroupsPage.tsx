import { useQuery } from '@tanstack/react-query';
import type { LxdClusterGroup } from '../../../lxd/types/cluster';
import { listPage, listRows } from '../../../shared/pages';
import {
  BY_NAME,
  CLUSTER_GROUPS_LIST_ID,
  GROUP_COLUMNS,
  nameSearch,
} from '../components/clusterColumns';
import { CreateGroupButton } from '../components/CreateGroupButton';
import { GroupActions } from '../components/GroupActions';
import { clusterGroupsQuery } from '../queries';
import '../cluster.scss';

/** /ui/cluster/groups: the cluster groups and their members; create, edit, rename, delete. */
export const ClusterGroupsPage = listPage<LxdClusterGroup>({
  id: CLUSTER_GROUPS_LIST_ID,
  title: 'Cluster groups',
  noun: { one: 'cluster group', other: 'cluster groups' },
  className: 'cluster-page',
  useRows: () => listRows(useQuery(clusterGroupsQuery)),
  columns: () => GROUP_COLUMNS,
  rowKey: (group) => group.name,
  defaultSort: BY_NAME,
  search: nameSearch('cluster groups', (group) => group.name),
  actions: () => <CreateGroupButton />,
  empty: (
    <>
      <p>Groups gather members to place instances on.</p>
      <CreateGroupButton />
    </>
  ),
  rowActions: () => (group) => <GroupActions group={group} />,
  // Rows grow: a group's member links wrap onto more lines.
  table: { actionsWidth: 15, rowHeight: null },
});
