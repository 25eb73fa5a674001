/**
 * The fleet instance list's columns: the instance list's own (name, type, status, project,
 * location, profiles, description) with the remote beside the name. A name links to the
 * instance's page on its remote: another remote is another page (its own caches and event
 * stream), so the link is a plain one.
 */
import { paths } from '../../../shared/routing/paths';
import { InstanceIcon } from '../../../shared/ui/InstanceIcon';
import { textColumn, type ListColumn } from '../../../shared/ui/list';
import { InstanceStatus } from '../actions';
import { remoteUrl } from '../../remotes';
import type { FleetInstance } from './instances';

const pending = (
  <span className="u-text--muted" aria-label="Loading">
    …
  </span>
);

/** The address of an instance's page on its remote. */
export const fleetInstanceUrl = (row: FleetInstance) =>
  remoteUrl(
    { name: row.remoteName, default: row.remote === null },
    paths.instance(row.project, row.name),
  );

const DECLARED: readonly ListColumn<FleetInstance>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 10,
    alwaysShown: true,
    rowHeader: true,
    sortValue: (row) => row.name,
    cell: (row) => (
      <span className="resource-name">
        <InstanceIcon type={row.type} />
        <a href={fleetInstanceUrl(row)} title={row.name}>
          {row.name}
        </a>
      </span>
    ),
  },
  textColumn('remote', 'Remote', (row) => row.remoteName, { width: 7 }),
  {
    id: 'status',
    header: 'Status',
    width: 8,
    sortValue: (row) => row.status,
    cell: (row) => <InstanceStatus project={row.project} name={row.name} status={row.status} />,
  },
  {
    id: 'type',
    header: 'Type',
    width: 8,
    priority: 2,
    sortValue: (row) => row.type,
    cell: (row) => (row.type === 'virtual-machine' ? 'virtual machine' : 'container'),
  },
  textColumn('project', 'Project', (row) => row.project, { width: 7.5, priority: 2 }),
  textColumn('location', 'Location', (row) => row.location, { width: 8, priority: 2 }),
  textColumn('profiles', 'Profiles', (row) => row.profiles.join(', '), {
    width: 9,
    priority: 2,
    hiddenByDefault: true,
  }),
  textColumn('description', 'Description', (row) => row.description, { priority: 2 }),
];

/** Name and remote are known at once; the other cells of a names-only row show '…'. */
export const FLEET_INSTANCE_COLUMNS: readonly ListColumn<FleetInstance>[] = DECLARED.map(
  (column) =>
    column.id === 'name' || column.id === 'remote'
      ? column
      : {
          ...column,
          cell: (row: FleetInstance) => (row.pending ? pending : column.cell(row, undefined)),
        },
);
