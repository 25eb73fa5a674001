/** The instances by status and type, and the warnings by severity (pure, for the overview). */
import type { InstanceStatus, InstanceType } from '../../lxd/types/instance';
import type { LxdWarning, WarningSeverity } from '../../lxd/types/warning';
import type { ProjectOperation } from '../../lxd/types/operation';
import type { ActivityEntry } from '../../lxd/activity';

/** The statuses in the order the overview lists them. */
export const STATUS_ORDER: readonly InstanceStatus[] = [
  'Running',
  'Stopped',
  'Frozen',
  'Error',
  'Starting',
  'Stopping',
  'Restarting',
  'Freezing',
  'Aborting',
  'Ready',
  'Unknown',
];

export interface InstanceCounts {
  total: number;
  /** Only the statuses some instance has, in STATUS_ORDER. */
  byStatus: { status: InstanceStatus; count: number }[];
  byType: { type: InstanceType; count: number }[];
}

export function countInstances(
  items: readonly { status: InstanceStatus; type: InstanceType }[],
): InstanceCounts {
  const statuses = new Map<InstanceStatus, number>();
  const types = new Map<InstanceType, number>();
  for (const item of items) {
    statuses.set(item.status, (statuses.get(item.status) ?? 0) + 1);
    // An instance on an offline member comes with the type "".
    if ((item.type as string) !== '') types.set(item.type, (types.get(item.type) ?? 0) + 1);
  }
  const known = new Set<string>(STATUS_ORDER);
  const extra = [...statuses.keys()].filter((status) => !known.has(status)).sort();
  return {
    total: items.length,
    byStatus: [...STATUS_ORDER, ...extra]
      .filter((status) => statuses.has(status))
      .map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    byType: (['container', 'virtual-machine'] as const)
      .filter((type) => types.has(type))
      .map((type) => ({ type, count: types.get(type) ?? 0 })),
  };
}

const SEVERITIES: readonly WarningSeverity[] = ['high', 'moderate', 'low'];

/**
 * The new warnings (neither acknowledged nor resolved) of the project and the server-wide ones,
 * by severity, highest first; severities without one are left out.
 */
export function countWarnings(warnings: readonly LxdWarning[], project: string) {
  const counts = new Map<WarningSeverity, number>();
  for (const warning of warnings) {
    if (warning.status !== 'new') continue;
    if (warning.project !== '' && warning.project !== project) continue;
    counts.set(warning.severity, (counts.get(warning.severity) ?? 0) + 1);
  }
  return SEVERITIES.filter((severity) => counts.has(severity)).map((severity) => ({
    severity,
    count: counts.get(severity) ?? 0,
  }));
}

export const HOUR_MS = 3_600_000;

const time = (value: string) => {
  const parsed = Date.parse(value.replace(/\.(\d{1,3})\d*/, '.$1'));
  return Number.isNaN(parsed) ? 0 : parsed;
};

/** Operations running now, and those that failed (or were cancelled) in the last hour. */
export function countOperations(operations: readonly ProjectOperation[], now = Date.now()) {
  let running = 0;
  let failed = 0;
  for (const operation of operations) {
    if (operation.status === 'Failure' || operation.status === 'Cancelled') {
      if (now - time(operation.updated_at || operation.created_at) <= HOUR_MS) failed += 1;
    } else if (operation.status !== 'Success') running += 1;
  }
  return { running, failed };
}

/** Failed operations in the journal's entries; `atLeast`: more entries than were read. */
export interface JournalFailures {
  failed: number;
  atLeast: boolean;
}

export function failedInJournal(
  entries: readonly Pick<ActivityEntry, 'kind' | 'outcome'>[],
  more: boolean,
): JournalFailures {
  const failed = entries.filter(
    (entry) => entry.kind === 'operation' && entry.outcome === 'failure',
  ).length;
  return { failed, atLeast: more };
}

/** "1 instance", "3 instances". */
export const plural = (count: number, one: string, other = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : other}`;
