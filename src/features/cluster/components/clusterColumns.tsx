/** The columns of the cluster members and cluster groups lists. */
import { Link } from 'react-router';
import type { LxdClusterGroup, LxdClusterMember } from '../../../lxd/types/cluster';
import { paths } from '../../../shared/routing/paths';
import { type ListColumn, type SortState, textColumn } from '../../../shared/ui/list';
import { MemberStatus } from './MemberStatus';

/** The columns menus remember their choice under `lxd-console.{id}.hidden-columns`. */
export const CLUSTER_MEMBERS_LIST_ID = 'cluster-members';
export const CLUSTER_GROUPS_LIST_ID = 'cluster-groups';
export const BY_NAME: SortState = { column: 'name', direction: 'ascending' };

const listed = (values: readonly string[] | undefined) => (values ?? []).join(', ');
const orDash = (text: string | undefined) => text || '-';

export const MEMBER_COLUMNS: readonly ListColumn<LxdClusterMember>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 12,
    alwaysShown: true,
    rowHeader: true,
    sortValue: (member) => member.server_name,
    cell: (member) => (
      <>
        <Link to={paths.clusterMember(member.server_name)}>{member.server_name}</Link>
        {member.description && (
          <div className="u-text--muted cluster-list__sub">{member.description}</div>
        )}
      </>
    ),
  },
  textColumn('url', 'URL', (member) => member.url, { width: 14, priority: 2 }),
  {
    id: 'roles',
    header: 'Roles',
    priority: 2,
    sortValue: (member) => listed(member.roles),
    cell: (member) => orDash(listed(member.roles)),
  },
  {
    id: 'groups',
    header: 'Groups',
    width: 9,
    priority: 2,
    sortValue: (member) => listed(member.groups),
    cell: (member) => orDash(listed(member.groups)),
  },
  {
    id: 'architecture',
    header: 'Architecture',
    width: 8,
    priority: 2,
    sortValue: (member) => member.architecture ?? '',
    cell: (member) => orDash(member.architecture),
  },
  {
    id: 'failure-domain',
    header: 'Failure domain',
    width: 10,
    priority: 2,
    sortValue: (member) => member.failure_domain ?? '',
    cell: (member) => orDash(member.failure_domain),
  },
  {
    id: 'status',
    header: 'Status',
    width: 11,
    sortValue: (member) => member.status,
    cell: (member) => (
      <>
        <MemberStatus status={member.status} />
        {member.message && <div className="u-text--muted cluster-list__sub">{member.message}</div>}
      </>
    ),
  },
];

export const GROUP_COLUMNS: readonly ListColumn<LxdClusterGroup>[] = [
  textColumn('name', 'Name', (group) => group.name, {
    width: 12,
    alwaysShown: true,
    rowHeader: true,
  }),
  {
    id: 'description',
    header: 'Description',
    priority: 2,
    sortValue: (group) => group.description,
    cell: (group) => orDash(group.description),
  },
  {
    id: 'members',
    header: 'Members',
    sortValue: (group) => group.members.length,
    cell: (group) =>
      group.members.length === 0 ? (
        <span className="u-text--muted">No members</span>
      ) : (
        <ul className="cluster-inline-list">
          {group.members.map((member) => (
            <li key={member}>
              <Link to={paths.clusterMember(member)}>{member}</Link>
            </li>
          ))}
        </ul>
      ),
  },
];

/** The search compiles once per term: rows whose name contains it (any case). */
export const nameContains =
  <T,>(name: (row: T) => string) =>
  (term: string) => {
    const q = term.trim().toLowerCase();
    return (row: T) => name(row).toLowerCase().includes(q);
  };
