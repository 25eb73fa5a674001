/**
 * The instance lists' bulk actions through the one bulk queue: each selected instance is an item
 * (plain data, see executors.ts), the queue runs them at most N at once per server, and the
 * panel shows their progress; the summary notification comes when the job ends.
 */
import { useMemo } from 'react';
import { useBulkQueue, type BulkQueue, type NewJob } from '../../../shared/bulk-queue';
import {
  BULK_ACTION_LABELS,
  BULK_ACTION_WORDS,
  INSTANCE_NOUN,
  pluralInstances,
  type BulkPlan,
  type InstanceRef,
} from './bulk';
import {
  INSTANCE_KINDS,
  instanceItem,
  targetOf,
  type CopyDestination,
  type CopyParams,
  type DeleteParams,
  type InstanceTarget,
  type MigrateDestination,
  type MigrateParams,
  type Placed,
  type SnapshotParams,
  type StateParams,
  type TagParams,
} from './executors';

/**
 * A job of one item per instance: "{Label} 3 instances", the summary's `verb`, items of `kind`
 * with the params `paramsOf` gives from the instance's target.
 */
function instanceJob<I extends Placed>(
  job: { label: string; verb: string; kind: string; skipped?: number },
  instances: readonly I[],
  paramsOf: (target: InstanceTarget, instance: I) => InstanceTarget,
): NewJob {
  return {
    title: `${job.label} ${pluralInstances(instances.length)}`,
    noun: INSTANCE_NOUN,
    verb: job.verb,
    skipped: job.skipped ?? 0,
    items: instances.map((instance) =>
      instanceItem(instance, job.kind, paramsOf(targetOf(instance), instance)),
    ),
  };
}

export function queueStateChange(
  queue: BulkQueue,
  plan: BulkPlan,
  options: { force: boolean },
): string {
  const sentAs = new Map(plan.run.map((entry) => [entry.instance, entry.sentAs]));
  const job = instanceJob(
    {
      label: BULK_ACTION_LABELS[plan.action],
      verb: BULK_ACTION_WORDS[plan.action],
      kind: INSTANCE_KINDS.state,
      skipped: plan.skipped.length,
    },
    plan.run.map((entry) => entry.instance),
    (target, instance): StateParams => ({
      ...target,
      action: sentAs.get(instance) ?? plan.action,
      force: options.force,
    }),
  );
  return queue.enqueue(job).id;
}

export function queueDelete(
  queue: BulkQueue,
  instances: readonly InstanceRef[],
  options: { forceStop: boolean },
): string {
  const deletable = instances.filter(
    (instance) => options.forceStop || instance.status === 'Stopped',
  );
  const job = instanceJob(
    {
      label: 'Delete',
      verb: 'deleted',
      kind: INSTANCE_KINDS.delete,
      skipped: instances.length - deletable.length,
    },
    deletable,
    (target, instance): DeleteParams => ({
      ...target,
      status: instance.status,
      forceStop: options.forceStop,
    }),
  );
  return queue.enqueue(job).id;
}

export function queueSnapshot(
  queue: BulkQueue,
  instances: readonly InstanceRef[],
  options: { name: string },
): string {
  const name = options.name.trim();
  const job = instanceJob(
    { label: 'Snapshot', verb: 'snapshotted', kind: INSTANCE_KINDS.snapshot },
    instances,
    (target): SnapshotParams => ({
      ...target,
      stateful: false,
      ...(name ? { snapshot: name } : {}),
    }),
  );
  return queue.enqueue(job).id;
}

/** Tags added to and removed from each instance (run by the `instance.tag` executor). */
export function queueTagChange(
  queue: BulkQueue,
  instances: readonly InstanceRef[],
  change: TagParams['change'],
): string {
  const job = instanceJob(
    { label: 'Tag', verb: 'tagged', kind: INSTANCE_KINDS.tag },
    instances,
    (target): TagParams => ({ ...target, change }),
  );
  return queue.enqueue(job).id;
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
  return instanceJob(
    { label: 'Migrate', verb: 'migrated', kind: INSTANCE_KINDS.migrate },
    instances,
    (target, instance): MigrateParams => ({
      ...target,
      status: instance.status,
      to,
      restart: options.restart,
    }),
  );
}

/**
 * Each instance copied (run by the `instance.copy` executor): here under `newName(name)`, or to
 * another server under its own name.
 */
export function copyJob(
  instances: readonly Placed[],
  to: (instance: Placed) => CopyDestination,
  options: { instanceOnly: boolean },
): NewJob {
  return instanceJob(
    { label: 'Copy', verb: 'copied', kind: INSTANCE_KINDS.copy },
    instances,
    (target, instance): CopyParams => ({
      ...target,
      to: to(instance),
      instanceOnly: options.instanceOnly,
    }),
  );
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
