import { listPage } from '../../../shared/pages';
import { paths, uiUrl } from '../../../shared/routing/paths';
import { FLEET_COLUMNS } from '../columns';
import { useFleetRows, type FleetRow } from '../queries';
import '../fleet.scss';

/**
 * /ui/fleet: every server the console server fronts, with its state, members, instances by
 * status, warnings by severity, and CPU and memory allocated against capacity. Each remote's
 * figures come from that remote; one that is down shows so and holds up no other.
 */
export const FleetPage = listPage<FleetRow>({
  id: 'fleet',
  title: 'Fleet',
  tableLabel: 'Remotes',
  noun: { one: 'remote', other: 'remotes' },
  className: 'fleet-page',
  useRows: useFleetRows,
  columns: () => FLEET_COLUMNS,
  rowKey: (row) => row.remote.name,
  defaultSort: { column: 'name', direction: 'ascending' },
  search: {
    label: 'Search remotes',
    compile: (term) => {
      const needle = term.trim().toLowerCase();
      return (row) =>
        row.remote.name.toLowerCase().includes(needle) || row.remote.state.includes(needle);
    },
  },
  // Another page of the default remote's basename: a plain link (see instanceColumns.tsx).
  actions: () => (
    <a className="p-button" href={uiUrl(paths.fleetInstances(), null)}>
      Instances of every remote
    </a>
  ),
  notice: () => (
    <p className="p-text--small u-text--muted">
      Allocated: the sum of the instances&apos; <code>limits.cpu</code> and{' '}
      <code>limits.memory</code> against the CPU threads and memory of the server (every member of a
      cluster); the ratio above 1 is overcommit.
    </p>
  ),
  emptyTitle: 'One server',
  empty: (
    <p>
      The fleet lists the servers of a console server started with a remotes file. Served by the
      server itself, the console has that server only.
    </p>
  ),
  table: { rowHeight: null },
});
