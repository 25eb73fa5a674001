/** The columns of the cluster members and cluster groups lists. */
import { Link } from '../../../shared/routing/router';
import type { LxdClusterGroup, LxdClusterMember } from '../../../lxd/types/cluster';
import { formatBytes } from '../../../shared/format/bytes';
import { paths } from '../../../shared/routing/paths';
import { ResourceName } from '../../../shared/ui/ResourceIcon';
import {
  type ListColumn,
  type ListFilter,
  type ListSearch,
  type SortState,
  textColumn,
} from '../../../shared/ui/list';
import { MemberStatus } from './MemberStatus';

/** The columns menus remember their choice under `lxd-console.{id}.hidden-columns`. */
export const CLUSTER_MEMBERS_LIST_ID = 'cluster-members';
export const CLUSTER_GROUPS_LIST_ID = 'cluster-groups';
export const BY_NAME: SortState = { column: 'name', direction: 'ascending' };

const listed = (values: readonly string[] | undefined) => (values ?? []).join(', ');
const orDash = (text: string | undefined) => text || '-';

/** Per-row data fetched apart from the list: memory (rows in view) and the instance count. */
export interface MemberRowExtra {
  memory:
    | { state: 'loading' }
    | { state: 'error'; message: string }
    | { state: 'unavailable'; reason: string }
    | { state: 'ok'; used: number; total: number }
    | undefined;
  instances: number | undefined;
}

function MemoryCell({ memory }: { memory: MemberRowExtra['memory'] }) {
  if (!memory) return <span className="u-text--muted">-</span>;
  switch (memory.state) {
    case 'loading':
      return <span className="u-text--muted">Loading…</span>;
    case 'unavailable':
      return <span className="u-text--muted">{memory.reason}</span>;
    case 'error':
      return (
        <div className="cluster-list__error" title={memory.message}>
          Could not load: {memory.message}
        </div>
      );
    case 'ok':
      return (
        <>
          {formatBytes(memory.used)}
          <div className="u-text--muted cluster-list__sub">of {formatBytes(memory.total)}</div>
        </>
      );
  }
}

export const MEMBER_COLUMNS: readonly ListColumn<LxdClusterMember, MemberRowExtra>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 5.5,
    alwaysShown: true,
    rowHeader: true,
    sortValue: (member) => member.server_name,
    cell: (member) => (
      <>
        <ResourceName type="cluster-member">
          <Link to={paths.clusterMember(member.server_name)}>{member.server_name}</Link>
        </ResourceName>
        {member.description && (
          <div className="u-text--muted cluster-list__sub">{member.description}</div>
        )}
      </>
    ),
  },
  textColumn('url', 'URL', (member) => member.url, { width: 10.5, priority: 2 }),
  {
    id: 'roles',
    header: 'Roles',
    width: 7.5,
    priority: 2,
    sortValue: (member) => listed(member.roles),
    cell: (member) => orDash(listed(member.roles)),
  },
  {
    id: 'groups',
    header: 'Groups',
    width: 6.5,
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
    width: 7.5,
    priority: 2,
    sortValue: (member) => member.failure_domain ?? '',
    cell: (member) => orDash(member.failure_domain),
  },
  {
    id: 'status',
    header: 'Status',
    width: 9,
    sortValue: (member) => member.status,
    cell: (member) => (
      <>
        <MemberStatus status={member.status} />
        {member.message && <div className="u-text--muted cluster-list__sub">{member.message}</div>}
      </>
    ),
  },
  {
    id: 'memory',
    header: 'Memory',
    width: 7,
    priority: 2,
    cell: (_member, extra) => <MemoryCell memory={extra.memory} />,
  },
  {
    id: 'instances',
    header: 'Instances',
    width: 6.5,
    align: 'right',
    priority: 2,
    cell: (member, extra) =>
      extra.instances === undefined ? (
        <span className="u-text--muted">-</span>
      ) : (
        <Link
          to={paths.clusterMember(member.server_name, 'instances')}
          aria-label={`${String(extra.instances)} instances on ${member.server_name}`}
        >
          {extra.instances}
        </Link>
      ),
  },
];

export const GROUP_COLUMNS: readonly ListColumn<LxdClusterGroup>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 12,
    alwaysShown: true,
    rowHeader: true,
    sortValue: (group) => group.name,
    cell: (group) => <ResourceName type="cluster-group">{group.name}</ResourceName>,
  },
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
        <ul className="p-inline-list">
          {group.members.map((member) => (
            <li className="p-inline-list__item" key={member}>
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

/** A list's search by name: "Search {what}". */
export const nameSearch = <T,>(what: string, name: (row: T) => string): ListSearch<T> => ({
  label: `Search ${what}`,
  placeholder: 'Search by name',
  compile: nameContains(name),
});

/** The members list's filters: status and group, offering the values the members have. */
export function memberFilters(
  members: readonly LxdClusterMember[],
): ListFilter<LxdClusterMember>[] {
  const options = (values: string[]) =>
    [...new Set(values)].sort().map((value) => ({ value, label: value }));
  return [
    {
      param: 'status',
      label: 'Status',
      options: options(members.map((member) => member.status)),
      match: (member, value) => member.status === value,
    },
    {
      param: 'group',
      label: 'Group',
      options: options(members.flatMap((member) => member.groups ?? [])),
      match: (member, value) => (member.groups ?? []).includes(value),
    },
  ];
}
