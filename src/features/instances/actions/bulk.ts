/**
 * Bulk state actions on instances (spec §4), without React. Each action applies to some statuses
 * and is sent to LXD as a state action; instances in any other status are skipped.
 */
import type { InstanceStateAction, InstanceStatus } from '../../../lxd/types/instance';

export type BulkAction = 'start' | 'restart' | 'freeze' | 'stop';

export const BULK_ACTIONS: readonly BulkAction[] = ['start', 'restart', 'freeze', 'stop'];

/** Spec §4: the statuses each action applies to, and what is sent for each. */
export const BULK_ACTION_TABLE: Record<
  BulkAction,
  Partial<Record<InstanceStatus, InstanceStateAction>>
> = {
  start: { Frozen: 'unfreeze', Stopped: 'start' },
  restart: { Freezing: 'restart', Running: 'restart' },
  freeze: { Running: 'freeze' },
  stop: { Freezing: 'stop', Running: 'stop', Starting: 'stop', Frozen: 'stop' },
};

/** Spec §4: the word of the confirmation and of the summary. */
export const BULK_ACTION_WORDS: Record<BulkAction, string> = {
  start: 'started',
  restart: 'restarted',
  freeze: 'frozen',
  stop: 'stopped',
};

export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  start: 'Start',
  restart: 'Restart',
  freeze: 'Freeze',
  stop: 'Stop',
};

/** Stop and restart can be forced (spec: "stop and restart offer force"). */
export function canForce(action: BulkAction): boolean {
  return action === 'stop' || action === 'restart';
}

/** The state action sent for an instance in `status`, or undefined when it is skipped. */
export function stateActionFor(
  action: BulkAction,
  status: InstanceStatus,
): InstanceStateAction | undefined {
  return BULK_ACTION_TABLE[action][status];
}

export interface InstanceRef {
  name: string;
  project: string;
  status: InstanceStatus;
  /**
   * The server it is on when it is not the page's (a list of several servers' instances): the
   * request option of src/lxd/client.ts, null for the default remote.
   */
  remote?: string | null | undefined;
}

export interface PlannedChange<T extends InstanceRef = InstanceRef> {
  instance: T;
  sentAs: InstanceStateAction;
}

export interface BulkPlan<T extends InstanceRef = InstanceRef> {
  action: BulkAction;
  run: PlannedChange<T>[];
  skipped: T[];
}

/** Splits the selection into what is sent (and as what) and what is skipped. */
export function planBulkAction<T extends InstanceRef>(
  action: BulkAction,
  instances: readonly T[],
): BulkPlan<T> {
  const run: PlannedChange<T>[] = [];
  const skipped: T[] = [];
  for (const instance of instances) {
    const sentAs = stateActionFor(action, instance.status);
    if (sentAs) run.push({ instance, sentAs });
    else skipped.push(instance);
  }
  return { action, run, skipped };
}

export const INSTANCE_NOUN = { one: 'instance', other: 'instances' };

/** "1 instance", "2 instances". */
export function pluralInstances(count: number): string {
  return `${count} ${count === 1 ? INSTANCE_NOUN.one : INSTANCE_NOUN.other}`;
}

/** The status a successful state action leaves the instance in. */
export function statusAfter(sentAs: InstanceStateAction): InstanceStatus {
  switch (sentAs) {
    case 'stop':
      return 'Stopped';
    case 'freeze':
      return 'Frozen';
    case 'start':
    case 'unfreeze':
    case 'restart':
      return 'Running';
  }
}

/** The word shown on a row while its state action runs. */
export const IN_PROGRESS_WORDS: Record<InstanceStateAction | 'delete', string> = {
  start: 'starting',
  stop: 'stopping',
  restart: 'restarting',
  freeze: 'freezing',
  unfreeze: 'unfreezing',
  delete: 'deleting',
};

/** Spec §4 status display: Frozen shows frozen, Stopped stopped, Running running. */
export function statusText(status: InstanceStatus): string {
  return status.toLowerCase();
}

/** Statuses that are on their way to another one (shown with progress). */
export function isTransitional(status: InstanceStatus): boolean {
  return (
    status === 'Starting' ||
    status === 'Stopping' ||
    status === 'Freezing' ||
    status === 'Restarting' ||
    status === 'Aborting'
  );
}
