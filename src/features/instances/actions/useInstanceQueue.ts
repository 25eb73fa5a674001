/**
 * The instance lists' bulk actions through the one bulk queue: each selected instance is an item
 * (plain data, see executors.ts), the queue runs them at most N at once per server, and the
 * panel shows their progress; the summary notification comes when the job ends.
 */
import { useMemo } from 'react';
import { useBulkQueue, type BulkQueue } from '../../../shared/bulk-queue';
import {
  BULK_ACTION_LABELS,
  BULK_ACTION_WORDS,
  INSTANCE_NOUN,
  pluralInstances,
  type BulkPlan,
  type InstanceRef,
} from './bulk';
import type { NewJob } from '../../../shared/bulk-queue';
import {
  INSTANCE_KINDS,
  instanceItem,
  targetOf,
  type CopyDestination,
  type CopyParams,
  type MigrateDestination,
  type MigrateParams,
  type Placed,
  type DeleteParams,
  type SnapshotParams,
  type StateParams,
  type TagParams,
} from './executors';

export function queueStateChange(
  queue: BulkQueue,
  plan: BulkPlan,
  options: { force: boolean },
): string {
  return queue.enqueue({
    title: `${BULK_ACTION_LABELS[plan.action]} ${pluralInstances(plan.run.length)}`,
    noun: INSTANCE_NOUN,
    verb: BULK_ACTION_WORDS[plan.action],
    skipped: plan.skipped.length,
    items: plan.run.map(({ instance, sentAs }) => {
      const params: StateParams = { ...targetOf(instance), action: sentAs, force: options.force };
      return instanceItem(instance, INSTANCE_KINDS.state, params);
    }),
  }).id;
}

export function queueDelete(
  queue: BulkQueue,
  instances: readonly InstanceRef[],
  options: { forceStop: boolean },
): string {
  const deletable = instances.filter(
    (instance) => options.forceStop || instance.status === 'Stopped',
  );
  return queue.enqueue({
    title: `Delete ${pluralInstances(deletable.length)}`,
    noun: INSTANCE_NOUN,
    verb: 'deleted',
    skipped: instances.length - deletable.length,
    items: deletable.map((instance) => {
      const params: DeleteParams = {
        ...targetOf(instance),
        status: instance.status,
        forceStop: options.forceStop,
      };
      return instanceItem(instance, INSTANCE_KINDS.delete, params);
    }),
  }).id;
}

export function queueSnapshot(
  queue: BulkQueue,
  instances: readonly InstanceRef[],
  options: { name: string },
): string {
  const name = options.name.trim();
  return queue.enqueue({
    title: `Snapshot ${pluralInstances(instances.length)}`,
    noun: INSTANCE_NOUN,
    verb: 'snapshotted',
    items: instances.map((instance) => {
      const params: SnapshotParams = {
        ...targetOf(instance),
        stateful: false,
        ...(name ? { snapshot: name } : {}),
      };
      return instanceItem(instance, INSTANCE_KINDS.snapshot, params);
    }),
  }).id;
}

/** Tags added to and removed from each instance (run by the `instance.tag` executor). */
export function queueTagChange(
  queue: BulkQueue,
  instances: readonly InstanceRef[],
  change: TagParams['change'],
): string {
  return queue.enqueue({
    title: `Tag ${pluralInstances(instances.length)}`,
    noun: INSTANCE_NOUN,
    verb: 'tagged',
    items: instances.map((instance) => {
      const params: TagParams = { ...targetOf(instance), change };
      return instanceItem(instance, INSTANCE_KINDS.tag, params);
    }),
  }).id;
}

/**
 * Each instance migrated to `to` (run by the `instance.migrate` executor); a running one is
 * stopped first and started again after the move when `restart` is set.
 */
export function migrateJob(
  instances: readonly (Placed & { status: string })[],
  to: MigrateDestination,
  options: { restart: boolean },
): NewJob {
  return {
    title: `Migrate ${pluralInstances(instances.length)}`,
    noun: INSTANCE_NOUN,
    verb: 'migrated',
    items: instances.map((instance) => {
      const params: MigrateParams = {
        ...targetOf(instance),
        status: instance.status,
        to,
        restart: options.restart,
      };
      return instanceItem(instance, INSTANCE_KINDS.migrate, params);
    }),
  };
}

/**
 * Each instance copied (run by the `instance.copy` executor): here under `newName(name)`, or to
 * another server under its own name.
 */
export function copyJob(
  instances: readonly Placed[],
  to: CopyDestination | ((instance: Placed) => CopyDestination),
  options: { instanceOnly: boolean },
): NewJob {
  return {
    title: `Copy ${pluralInstances(instances.length)}`,
    noun: INSTANCE_NOUN,
    verb: 'copied',
    items: instances.map((instance) => {
      const params: CopyParams = {
        ...targetOf(instance),
        to: typeof to === 'function' ? to(instance) : to,
        instanceOnly: options.instanceOnly,
      };
      return instanceItem(instance, INSTANCE_KINDS.copy, params);
    }),
  };
}

/** The bulk actions of a list, queued. */
export function useInstanceQueue() {
  const queue = useBulkQueue();
  return useMemo(
    () => ({
      queueStateChange: (plan: BulkPlan, options: { force: boolean }) =>
        queueStateChange(queue, plan, options),
      queueDelete: (instances: readonly InstanceRef[], options: { forceStop: boolean }) =>
        queueDelete(queue, instances, options),
      queueSnapshot: (instances: readonly InstanceRef[], options: { name: string }) =>
        queueSnapshot(queue, instances, options),
      queueTagChange: (instances: readonly InstanceRef[], change: TagParams['change']) =>
        queueTagChange(queue, instances, change),
    }),
    [queue],
  );
}
