import { useQuery } from '@tanstack/react-query';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { listPage, listRows } from '../../../shared/pages';
import {
  BY_NAME,
  CLUSTER_MEMBERS_LIST_ID,
  MEMBER_COLUMNS,
  memberFilters,
  nameSearch,
  type MemberRowExtra,
} from '../components/clusterColumns';
import { useMemberRowExtra } from '../components/useMemberRows';
import { clusterMembersQuery } from '../queries';
import '../cluster.scss';

/** /ui/cluster/members: every member with its address, roles, groups, state, memory and load. */
export const ClusterMembersPage = listPage<LxdClusterMember, MemberRowExtra>({
  id: CLUSTER_MEMBERS_LIST_ID,
  title: 'Cluster members',
  noun: { one: 'cluster member', other: 'cluster members' },
  className: 'cluster-page',
  useRows: () => ({ ...listRows(useQuery(clusterMembersQuery)), table: useMemberRowExtra() }),
  columns: () => MEMBER_COLUMNS,
  filters: (_context, members) => memberFilters(members),
  rowKey: (member) => member.server_name,
  defaultSort: BY_NAME,
  search: nameSearch('cluster members', (member: LxdClusterMember) => member.server_name),
  empty: 'This server is not part of a cluster.',
  // Rows grow: the description sits under the name and the message under the status.
  table: { rowHeight: null },
});
