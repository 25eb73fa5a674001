/**
 * The instance list's columns. Live-state columns (addresses, memory, disk) and the snapshot
 * count come from `RowDetails`, fetched for the rows in view only, so they are not sortable.
 */
import { Link } from '../../../shared/routing/router';
import type { LxdInstanceState } from '../../../lxd/types/instance';
import { paths } from '../../../shared/routing/paths';
import { InstanceIcon } from '../../../shared/ui/InstanceIcon';
import { type ListColumn, type SortState, textColumn } from '../../../shared/ui/list';
import { InstanceStatus } from '../actions';
import { TagList, tagsOf } from '../tags';
import type { InstanceListItem } from '../list-item';
import { addressesOf, diskText, memoryText, type ShownAddress } from './rowDetails';

export interface RowDetails {
  state?: LxdInstanceState | undefined;
  /** Running rows whose state is on its way. */
  stateLoading: boolean;
  snapshots?: number | undefined;
}

export type InstanceColumn = ListColumn<InstanceListItem, RowDetails>;

/** The columns menu remembers its choice under `lxd-console.instances.hidden-columns`. */
export const INSTANCE_LIST_ID = 'instances';
export const DEFAULT_SORT: SortState = { column: 'name', direction: 'ascending' };

const pending = (
  <span className="u-text--muted" aria-label="Loading">
    …
  </span>
);

function Addresses({ list }: { list: ShownAddress[] }) {
  if (list.length === 0) return <>-</>;
  const [first] = list;
  return (
    <span title={list.map((a) => `${a.address} (${a.device})`).join('\n')}>
      {first?.address}
      {list.length > 1 && <span className="u-text--muted"> +{String(list.length - 1)}</span>}
    </span>
  );
}

/** A live-state cell: '-' for stopped rows, '…' while the state is on its way. */
const fromState =
  (render: (state: LxdInstanceState) => React.ReactNode) =>
  (item: InstanceListItem, details: RowDetails) =>
    item.status === 'Stopped'
      ? '-'
      : details.state
        ? render(details.state)
        : details.stateLoading
          ? pending
          : '-';

const titled = (text: string) => <span title={text}>{text}</span>;

const DECLARED: readonly InstanceColumn[] = [
  {
    id: 'name',
    header: 'Name',
    width: 10,
    alwaysShown: true,
    rowHeader: true,
    sortValue: (item) => item.name,
    cell: (item) => (
      <span className="resource-name">
        <InstanceIcon type={item.type} />
        <Link to={paths.instance(item.project, item.name)} title={item.name}>
          {item.name}
        </Link>
      </span>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    width: 8,
    priority: 2,
    sortValue: (item) => item.type,
    cell: (item) => titled(item.type === 'virtual-machine' ? 'virtual machine' : 'container'),
  },
  {
    id: 'status',
    header: 'Status',
    width: 8,
    sortValue: (item) => item.status,
    cell: (item) => <InstanceStatus project={item.project} name={item.name} status={item.status} />,
  },
  textColumn('project', 'Project', (item) => item.project, { width: 7.5, priority: 2 }),
  textColumn('location', 'Location', (item) => item.location, { width: 8, priority: 2 }),
  {
    id: 'ipv4',
    header: 'IPv4',
    width: 8.5,
    priority: 2,
    cell: fromState((state) => <Addresses list={addressesOf(state, 'inet')} />),
  },
  {
    id: 'ipv6',
    header: 'IPv6',
    width: 12,
    priority: 2,
    hiddenByDefault: true,
    cell: fromState((state) => <Addresses list={addressesOf(state, 'inet6')} />),
  },
  {
    id: 'snapshots',
    header: 'Snapshots',
    width: 6.5,
    priority: 2,
    cell: (_item, details) => details.snapshots ?? pending,
  },
  {
    id: 'memory',
    header: 'Memory',
    width: 6.5,
    priority: 2,
    cell: fromState((state) => memoryText(state)),
  },
  {
    id: 'disk',
    header: 'Disk',
    width: 6,
    priority: 2,
    hiddenByDefault: true,
    cell: fromState((state) => diskText(state)),
  },
  textColumn('profiles', 'Profiles', (item) => item.profiles.join(', '), {
    width: 9,
    priority: 2,
    hiddenByDefault: true,
  }),
  {
    id: 'tags',
    header: 'Tags',
    width: 10,
    priority: 2,
    hiddenByDefault: true,
    sortValue: (item) => tagsOf(item).join(','),
    cell: (item) => <TagList tags={tagsOf(item)} />,
  },
  textColumn('description', 'Description', (item) => item.description, { priority: 2 }),
];

/** Every column but the name shows '…' in a row whose details are still loading. */
export const COLUMNS: readonly InstanceColumn[] = DECLARED.map((column) =>
  column.id === 'name'
    ? column
    : {
        ...column,
        cell: (item: InstanceListItem, details: RowDetails) =>
          item.pending ? pending : column.cell(item, details),
      },
);

/** While the full list loads only the name sorts (the other values are not all known). */
export function columnsWhileLoading(columns: readonly InstanceColumn[]): InstanceColumn[] {
  return columns.map((column) =>
    column.id === 'name' || column.sortValue === undefined
      ? column
      : { ...column, sortValue: undefined },
  );
}

/** Columns only some views have. */
const ONLY: Partial<Record<string, 'all-projects' | 'clustered'>> = {
  project: 'all-projects',
  location: 'clustered',
};

export function availableColumns(context: {
  allProjects: boolean;
  clustered: boolean;
}): InstanceColumn[] {
  return COLUMNS.filter((column) => {
    const only = ONLY[column.id];
    return (
      only === undefined ||
      (only === 'all-projects' && context.allProjects) ||
      (only === 'clustered' && context.clustered)
    );
  });
}

const LIVE_COLUMNS: ReadonlySet<string> = new Set(['ipv4', 'ipv6', 'memory', 'disk']);

/** Which details the shown columns need. */
export const detailsNeeded = (columns: readonly InstanceColumn[]) => ({
  state: columns.some((column) => LIVE_COLUMNS.has(column.id)),
  snapshots: columns.some((column) => column.id === 'snapshots'),
});
