import { formatBytes } from '../../shared/format/bytes';
import { paths } from '../../shared/routing/paths';
import type { ListColumn } from '../../shared/ui/list';
import { remoteProduct, remoteUrl } from '../remotes';
import { overcommitRatio } from '../../shared/format/limits';
import type { FleetRow } from './queries';
import { COUNTED_STATUSES, SEVERITIES, type RemoteFigures } from './summary';

/** What a figure's cell says while it is not known. */
function unknown(row: FleetRow): string {
  if (row.remote.state !== 'online') return '-';
  if (row.summary.pending) return 'Loading…';
  return row.summary.error ? 'Not available' : '-';
}

function figure(
  row: FleetRow,
  value: (figures: RemoteFigures) => string | number | undefined,
): string | number {
  const figures = row.summary.figures;
  const shown = figures ? value(figures) : undefined;
  return shown ?? unknown(row);
}

/** "6 of 8 (0.75×)", and how many instances have no limit. */
function allocated(
  amount: number,
  capacity: number | undefined,
  format: (value: number) => string,
  without: number,
): string {
  const ratio = overcommitRatio(amount, capacity);
  const of = capacity === undefined ? '' : ` of ${format(capacity)}`;
  const share = ratio === undefined ? '' : ` (${ratio.toFixed(2)}×)`;
  const open = without > 0 ? `; ${without} without limit` : '';
  return `${format(amount)}${of}${share}${open}`;
}

/** CPUs (threads): a whole number, or one decimal where a limit was a share. */
const cpus = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

export const FLEET_COLUMNS: readonly ListColumn<FleetRow>[] = [
  {
    id: 'name',
    header: 'Remote',
    alwaysShown: true,
    rowHeader: true,
    width: 10,
    sortValue: (row) => row.remote.name,
    // Another remote is another page (its own caches and event stream): a plain link.
    cell: (row) => (
      <a href={remoteUrl(row.remote, paths.instances('default'))}>{row.remote.name}</a>
    ),
  },
  {
    id: 'state',
    header: 'State',
    width: 8,
    sortValue: (row) => row.remote.state,
    cell: (row) => (
      <span
        className={`fleet-state fleet-state--${row.remote.state}`}
        title={row.remote.error ?? row.remote.url}
      >
        {row.remote.state}
      </span>
    ),
  },
  {
    id: 'server',
    header: 'Server',
    width: 9,
    priority: 2,
    sortValue: (row) => remoteProduct(row.remote),
    cell: (row) => remoteProduct(row.remote) || '-',
  },
  {
    id: 'members',
    header: 'Members',
    width: 7,
    priority: 2,
    align: 'right',
    sortValue: (row) => row.summary.figures?.members ?? -1,
    cell: (row) =>
      figure(row, (figures) =>
        row.remote.clustered
          ? `${figures.membersOnline} of ${figures.members} online`
          : figures.members,
      ),
  },
  {
    id: 'instances',
    header: 'Instances',
    width: 6,
    align: 'right',
    sortValue: (row) => row.summary.figures?.instances ?? -1,
    cell: (row) => figure(row, (figures) => figures.instances),
  },
  ...COUNTED_STATUSES.map((status): ListColumn<FleetRow> => ({
    id: status.toLowerCase(),
    header: status,
    width: 6,
    priority: 2,
    align: 'right',
    sortValue: (row) => row.summary.figures?.byStatus[status] ?? -1,
    cell: (row) => figure(row, (figures) => figures.byStatus[status]),
  })),
  {
    id: 'warnings',
    header: 'Warnings',
    width: 10,
    priority: 2,
    sortValue: (row) => {
      const warnings = row.summary.figures?.warnings;
      return warnings ? warnings.high * 1e6 + warnings.moderate * 1e3 + warnings.low : -1;
    },
    cell: (row) =>
      figure(row, ({ warnings }) => {
        if (!warnings) return undefined;
        const parts = SEVERITIES.filter((severity) => warnings[severity] > 0).map(
          (severity) => `${warnings[severity]} ${severity}`,
        );
        return parts.length === 0 ? 'None' : parts.join(', ');
      }),
  },
  {
    id: 'cpu',
    header: 'CPU allocated',
    priority: 2,
    sortValue: (row) => row.summary.figures?.allocation.cpu ?? -1,
    cell: (row) =>
      figure(row, ({ allocation, cpuCapacity }) =>
        allocated(allocation.cpu, cpuCapacity, cpus, allocation.withoutCpuLimit),
      ),
  },
  {
    id: 'memory',
    header: 'Memory allocated',
    priority: 2,
    sortValue: (row) => row.summary.figures?.allocation.memory ?? -1,
    cell: (row) =>
      figure(row, ({ allocation, memoryCapacity }) =>
        allocated(allocation.memory, memoryCapacity, formatBytes, allocation.withoutMemoryLimit),
      ),
  },
];
