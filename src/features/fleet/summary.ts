/** The figures of one remote on the fleet screen, from its summary (src/lxd/endpoints/fleet.ts). */
import type { RemoteSummary } from '../../lxd/endpoints/fleet';
import { allocationOf, type Allocation } from './allocation';

/** The statuses counted in their own column; the rest are counted as "other". */
export const COUNTED_STATUSES = ['Running', 'Stopped', 'Frozen', 'Error'] as const;
export type CountedStatus = (typeof COUNTED_STATUSES)[number];

/** Warning severities, gravest first. */
export const SEVERITIES = ['high', 'moderate', 'low'] as const;

export interface RemoteFigures {
  members: number;
  membersOnline: number;
  instances: number;
  byStatus: Record<CountedStatus | 'other', number>;
  /** Warnings that are not resolved, by severity; undefined when they could not be read. */
  warnings: Record<(typeof SEVERITIES)[number], number> | undefined;
  allocation: Allocation;
  /** CPU threads and bytes of memory of the members that said; undefined when none did. */
  cpuCapacity: number | undefined;
  memoryCapacity: number | undefined;
}

const sumOf = (values: (number | undefined)[]) => {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0 ? undefined : known.reduce((total, value) => total + value, 0);
};

export function remoteFigures(summary: RemoteSummary): RemoteFigures {
  const byStatus: RemoteFigures['byStatus'] = {
    Running: 0,
    Stopped: 0,
    Frozen: 0,
    Error: 0,
    other: 0,
  };
  for (const instance of summary.instances) {
    const status = instance.status as CountedStatus;
    if (COUNTED_STATUSES.includes(status)) byStatus[status] += 1;
    else byStatus.other += 1;
  }
  let warnings: RemoteFigures['warnings'];
  if (summary.warnings) {
    warnings = { high: 0, moderate: 0, low: 0 };
    for (const warning of summary.warnings) {
      if (warning.status === 'resolved') continue;
      const severity = SEVERITIES.find((name) => name === warning.severity);
      if (severity) warnings[severity] += 1;
    }
  }
  // A percentage of memory is of the member the instance is on.
  const allocation: Allocation = { cpu: 0, memory: 0, withoutCpuLimit: 0, withoutMemoryLimit: 0 };
  const byMember = new Map(summary.members.map((member) => [member.name, member]));
  const groups = new Map<string, RemoteSummary['instances']>();
  for (const instance of summary.instances) {
    const location = byMember.has(instance.location) ? instance.location : 'none';
    const group = groups.get(location);
    if (group) group.push(instance);
    else groups.set(location, [instance]);
  }
  for (const [location, instances] of groups) {
    const part = allocationOf(instances, byMember.get(location)?.memory);
    allocation.cpu += part.cpu;
    allocation.memory += part.memory;
    allocation.withoutCpuLimit += part.withoutCpuLimit;
    allocation.withoutMemoryLimit += part.withoutMemoryLimit;
  }
  return {
    members: summary.members.length,
    membersOnline: summary.members.filter((member) => member.status === 'Online').length,
    instances: summary.instances.length,
    byStatus,
    warnings,
    allocation,
    cpuCapacity: sumOf(summary.members.map((member) => member.cpu)),
    memoryCapacity: sumOf(summary.members.map((member) => member.memory)),
  };
}
