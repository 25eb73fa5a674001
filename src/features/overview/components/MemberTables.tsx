/** The overview's tables: each member's health, and its allocation against capacity. */
import type { LxdClusterMemberState } from '../../../lxd/types/cluster';
import type { LxdResources } from '../../../lxd/types/resources';
import { formatBytes } from '../../../shared/format/bytes';
import { Link } from '../../../shared/routing/router';
import type { ListColumn } from '../../../shared/ui/list';
import {
  capacityOf,
  formatRatio,
  overcommitRatio,
  type Allocation,
  type ProjectLimits,
} from '../allocation';
import { plural } from '../counts';
import { instancesLink, memberSearch, withoutLimitSearch } from '../links';
import { isRefused } from '../queries';
import { errorText, Unreadable } from './parts';

/** One member (or the standalone server) with its capacity, health and allocation. */
export interface MemberRow {
  name: string;
  /** The member's name as the instances' `location` has it ('' for a standalone server). */
  location: string;
  status: string | undefined;
  message: string | undefined;
  resources: LxdResources | undefined;
  resourcesError: unknown;
  state: LxdClusterMemberState | undefined;
  /** What the load column says without a state. */
  loadNote: string;
  allocation: Allocation;
}

function loadText(row: MemberRow) {
  const load = row.state?.sysinfo.load_averages[0];
  return load === undefined ? row.loadNote : load.toFixed(2);
}

function memoryInUse(row: MemberRow) {
  if (row.resourcesError) {
    return isRefused(row.resourcesError) ? 'Not permitted' : errorText(row.resourcesError);
  }
  const memory = row.resources?.memory;
  if (!memory) return 'Loading…';
  const percent = memory.total > 0 ? Math.round((memory.used / memory.total) * 100) : 0;
  return `${formatBytes(memory.used)} of ${formatBytes(memory.total)} (${percent}%)`;
}

export const healthColumns: ListColumn<MemberRow>[] = [
  { id: 'name', header: 'Name', rowHeader: true, width: 12, cell: (row) => row.name },
  {
    id: 'status',
    header: 'Status',
    width: 16,
    cell: (row) => (
      <>
        {row.status ?? '-'}
        {row.message && <div className="overview__message">{row.message}</div>}
      </>
    ),
  },
  { id: 'load', header: 'Load (1 min)', cell: loadText },
  { id: 'memory', header: 'Memory in use', cell: memoryInUse },
];

/** "4 CPUs of 8 CPUs (0.50×)", marked overcommitted above 1. */
function Against({
  allocated,
  capacity,
  format,
}: {
  allocated: number;
  capacity: number | undefined;
  format: (value: number) => string;
}) {
  const ratio = overcommitRatio(allocated, capacity);
  return (
    <span className={ratio !== undefined && ratio > 1 ? 'overview__over' : undefined}>
      {format(allocated)}
      {capacity !== undefined && capacity > 0 && ` of ${format(capacity)}`}
      {ratio !== undefined && ` (${formatRatio(ratio)}${ratio > 1 ? ', overcommitted' : ''})`}
    </span>
  );
}

const cpus = (value: number) => plural(value, 'CPU');

function WithoutLimits({
  project,
  allocation,
  member,
  limit,
}: {
  project: string;
  allocation: Allocation;
  member?: string | undefined;
  limit: 'cpu' | 'memory';
}) {
  const count = limit === 'cpu' ? allocation.withoutCpu : allocation.withoutMemory;
  const text = `${plural(count, 'instance')} without a ${limit === 'cpu' ? 'CPU' : 'memory'} limit`;
  if (count === 0) return <>{text}</>;
  return <Link to={instancesLink(project, withoutLimitSearch(limit, member))}>{text}</Link>;
}

export function allocationColumns(project: string, clustered: boolean): ListColumn<MemberRow>[] {
  const member = (row: MemberRow) => (clustered ? row.location : undefined);
  return [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      width: 12,
      cell: (row) =>
        clustered ? (
          <Link to={instancesLink(project, memberSearch(row.location))}>{row.name}</Link>
        ) : (
          row.name
        ),
    },
    {
      id: 'instances',
      header: 'Instances',
      width: 7,
      cell: (row) => row.allocation.instances.toLocaleString('en'),
    },
    {
      id: 'cpu',
      header: 'CPU allocated',
      cell: (row) => (
        <Against
          allocated={row.allocation.cpu}
          capacity={row.resources ? capacityOf(row.resources).cpus : undefined}
          format={cpus}
        />
      ),
    },
    {
      id: 'memory',
      header: 'Memory allocated',
      cell: (row) => (
        <>
          <Against
            allocated={row.allocation.memory}
            capacity={row.resources ? capacityOf(row.resources).memory : undefined}
            format={formatBytes}
          />
          {row.allocation.memoryUnknown > 0 && (
            <div className="overview__message">
              {plural(row.allocation.memoryUnknown, 'percentage')} of an unknown total not counted
            </div>
          )}
        </>
      ),
    },
    {
      id: 'unlimited',
      header: 'Without limits',
      cell: (row) => (
        <>
          <WithoutLimits
            project={project}
            allocation={row.allocation}
            member={member(row)}
            limit="cpu"
          />
          <br />
          <WithoutLimits
            project={project}
            allocation={row.allocation}
            member={member(row)}
            limit="memory"
          />
        </>
      ),
    },
  ];
}

/** The project's sums against its own limits. */
export function ProjectAllocation({
  project,
  total,
  limits,
  limitsError,
  limitsPending,
}: {
  project: string;
  total: Allocation;
  limits: ProjectLimits;
  limitsError: unknown;
  limitsPending: boolean;
}) {
  const noLimit = limitsPending ? 'loading its limits…' : 'the project has no limit';
  return (
    <dl className="overview__project-allocation" aria-label={`Project ${project}`}>
      <dt>Project CPU</dt>
      <dd>
        <Against allocated={total.cpu} capacity={limits.cpu} format={cpus} />
        {limits.cpu === undefined && ` (${noLimit})`}
      </dd>
      <dt>Project memory</dt>
      <dd>
        <Against allocated={total.memory} capacity={limits.memory} format={formatBytes} />
        {limits.memory === undefined && ` (${noLimit})`}
      </dd>
      <dt>Without limits</dt>
      <dd>
        <WithoutLimits project={project} allocation={total} limit="cpu" />,{' '}
        <WithoutLimits project={project} allocation={total} limit="memory" />
      </dd>
      {limitsError !== null && limitsError !== undefined && (
        <dd>
          <Unreadable what="the project's limits" error={limitsError} />
        </dd>
      )}
    </dl>
  );
}
