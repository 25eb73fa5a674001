/**
 * The instance kinds of the bulk queue: plain-data params (they are kept in localStorage and
 * retried after a reload) and the executors that run them, each resolved once its LXD operation
 * has ended. Registered by the instances feature (its FeatureModule's `bulkExecutors`).
 *
 * Another kind is one more entry of `instanceBulkExecutors` (see docs/ARCHITECTURE.md,
 * "The bulk queue").
 */
import type { QueryClient } from '@tanstack/react-query';
import type { MoveDestination } from '../../../lxd/endpoints/instance-detail';
import { fetchInstance, postInstanceSnapshot } from '../../../lxd/endpoints/instances';
import { deleteSnapshot } from '../../../lxd/endpoints/instance-snapshots';
import { operationId } from '../../../lxd/operations';
import { currentRemote } from '../../../lxd/remote';
import type { InstanceStateAction, InstanceStatus } from '../../../lxd/types/instance';
import {
  queryClientOf,
  refreshAfter,
  type BulkExecutors,
  type ExecutorContext,
  type NewItem,
} from '../../../shared/bulk-queue';
import { removeCachedInstance, setCachedStatus } from '../applyInstanceEvent';
import { applyTagChange } from '../tags/api';
import type { TagChange } from '../tags/tags';
import { instanceKeys } from '../keys';
import { startActivity } from './activity';
import { IN_PROGRESS_WORDS, statusAfter, type InstanceRef } from './bulk';
import { changeInstanceState, removeInstance } from './changeState';
import type { RemoteDestination } from '../../remotes';
import { copyOne, moveOne, sendToRemote } from './move';

/** Which instance: the page's server when `remote` is absent, else that remote (null: default). */
export interface InstanceTarget {
  name: string;
  project: string;
  remote?: string | null;
}

export interface StateParams extends InstanceTarget {
  action: InstanceStateAction;
  force: boolean;
}

export interface DeleteParams extends InstanceTarget {
  status: InstanceStatus;
  forceStop: boolean;
}

export interface SnapshotParams extends InstanceTarget {
  /** LXD names it (snap0, snap1, …) when it is absent. */
  snapshot?: string;
  stateful: boolean;
}

/** Tags added and removed on each instance (`applyTagChange` of src/features/instances/tags). */
export interface TagParams extends InstanceTarget {
  change: TagChange;
}

/** Another server (a remote of the console server) as a destination. */
export type ToRemote = { kind: 'remote' } & RemoteDestination;

/** Where a migration goes: a member, pool or project of this server, or another server. */
export type MigrateDestination = MoveDestination | ToRemote;

export interface MigrateParams extends InstanceTarget {
  /** The instance's status when it was chosen (a running one may be stopped first). */
  status: string;
  to: MigrateDestination;
  /** Stop a running instance first and start it again where it went (not to another server). */
  restart: boolean;
}

/** A copy here (under `newName`, in `project`, on a member and pool) or to another server. */
export type CopyDestination =
  { kind: 'here'; newName: string; project: string; target: string; pool: string } | ToRemote;

export interface CopyParams extends InstanceTarget {
  to: CopyDestination;
  /** Without the instance's snapshots. */
  instanceOnly: boolean;
}

/** The kinds (the instances feature registers `instanceBulkExecutors` for them). */
export const INSTANCE_KINDS = {
  state: 'instance.state',
  delete: 'instance.delete',
  snapshot: 'instance.snapshot',
  snapshotDelete: 'instance.snapshot.delete',
  tag: 'instance.tag',
  migrate: 'instance.migrate',
  copy: 'instance.copy',
} as const;

/** What the queue needs of an instance (a list row, a detail page's instance). */
export type Placed = Pick<InstanceRef, 'name' | 'project' | 'remote'>;

/** The plain-data target of an instance (no row fields, no undefined remote kept). */
export function targetOf(instance: Placed): InstanceTarget {
  return instance.remote === undefined
    ? { name: instance.name, project: instance.project }
    : { name: instance.name, project: instance.project, remote: instance.remote };
}

/** The queue's server of an instance: '' for the page's own, else the remote's name. */
export function serverOf(target: InstanceTarget): string {
  if (target.remote === undefined || target.remote === currentRemote()) return '';
  return target.remote ?? 'default';
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** The instance lists asked for again once the changes pause (not once per item). */
function refreshSoon(client: QueryClient | undefined) {
  if (!client || refreshTimer !== undefined) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    void client.invalidateQueries({ queryKey: instanceKeys.all });
  }, 1000);
}

export function instanceItem(instance: Placed, kind: string, params: InstanceTarget): NewItem {
  return { kind, label: instance.name, server: serverOf(params), params };
}

/** Shows `word` on the instance's row (and detail header) while `run` runs. */
async function withActivity<T>(target: InstanceTarget, word: string, run: () => Promise<T>) {
  const stop = startActivity(target.project, target.name, word);
  try {
    return await run();
  } finally {
    stop();
  }
}

/**
 * Runs `run` with each step it reports shown on the instance's row (and detail header) and on
 * the queue's item.
 */
async function withSteps(
  target: InstanceTarget,
  first: string,
  context: ExecutorContext,
  run: (onStep: (step: string) => void) => Promise<void>,
) {
  let stop = startActivity(target.project, target.name, first);
  try {
    await run((step) => {
      stop();
      stop = startActivity(target.project, target.name, step);
      context.progress(step);
    });
  } finally {
    stop();
  }
}

async function runMigrate(params: MigrateParams, context: ExecutorContext) {
  const to = params.to;
  await withSteps(params, 'migrating', context, (onStep) =>
    to.kind === 'remote'
      ? sendToRemote(params, to, { move: true, instanceOnly: false, onStep })
      : moveOne(params, to, { restart: params.restart, wait: context.wait, onStep }),
  );
  refreshSoon(queryClientOf(context));
}

async function runCopy(params: CopyParams, context: ExecutorContext) {
  const to = params.to;
  await withSteps(params, 'copying', context, (onStep) =>
    to.kind === 'remote'
      ? sendToRemote(params, to, {
          move: false,
          instanceOnly: params.instanceOnly,
          onStep,
        })
      : copyOne(params, {
          newName: to.newName,
          project: to.project,
          instanceOnly: params.instanceOnly,
          target: to.target,
          pool: to.pool,
          wait: context.wait,
        }),
  );
  refreshSoon(queryClientOf(context));
}

/**
 * Whether the instance is already where the change leads (a retry after a reload of a change
 * LXD had done meanwhile: LXD refuses to start a running instance). Not for restart.
 */
async function alreadyThere(params: StateParams): Promise<boolean> {
  if (params.action === 'restart') return false;
  try {
    const instance = await fetchInstance(
      params.project,
      params.name,
      undefined,
      undefined,
      params.remote,
    );
    return instance.status === statusAfter(params.action);
  } catch {
    return false;
  }
}

async function runState(params: StateParams, context: ExecutorContext) {
  await withActivity(params, IN_PROGRESS_WORDS[params.action], async () => {
    try {
      await changeInstanceState(params, params.action, { force: params.force }, context.waitLast);
    } catch (error) {
      if (!(await alreadyThere(params))) throw error;
    }
  });
  const client = queryClientOf(context);
  if (!client) return;
  if (params.remote === undefined) {
    setCachedStatus(client, params.project, params.name, statusAfter(params.action));
  } else {
    refreshSoon(client);
  }
}

async function runDelete(params: DeleteParams, context: ExecutorContext) {
  // A running instance is stopped first (two operations); else the delete is the only one.
  const stopsFirst = params.forceStop && params.status !== 'Stopped';
  await withActivity(params, IN_PROGRESS_WORDS.delete, () =>
    removeInstance(
      params,
      { forceStop: params.forceStop },
      stopsFirst ? context.wait : context.waitLast,
    ),
  );
  const client = queryClientOf(context);
  if (!client) return;
  if (params.remote === undefined) removeCachedInstance(client, params.project, params.name);
  else refreshSoon(client);
}

async function runSnapshot(params: SnapshotParams, context: ExecutorContext) {
  await withActivity(params, 'snapshotting', async () => {
    const body = params.snapshot
      ? { name: params.snapshot, stateful: params.stateful }
      : { stateful: params.stateful };
    const result = await postInstanceSnapshot(params.name, params.project, body, params.remote);
    if (result.type === 'async') {
      await context.waitLast(operationId(result), params.project, params.remote);
    }
  });
  refreshSoon(queryClientOf(context));
}

async function runTag(params: TagParams, context: ExecutorContext) {
  await withActivity(params, 'tagging', () => applyTagChange(params, params.change));
  refreshSoon(queryClientOf(context));
}

/** One snapshot of an instance to delete (the snapshots tab's bulk delete). */
export interface SnapshotDeleteParams {
  project: string;
  name: string;
  snapshot: string;
}

async function runSnapshotDelete(params: SnapshotDeleteParams, context: ExecutorContext) {
  try {
    await deleteSnapshot(params.project, params.name, params.snapshot);
  } finally {
    refreshAfter(context, instanceKeys.detail(params.project, params.name));
    refreshAfter(context, instanceKeys.snapshotCount(params.project, params.name));
  }
}

export const instanceBulkExecutors: BulkExecutors = {
  [INSTANCE_KINDS.state]: runState,
  [INSTANCE_KINDS.snapshotDelete]: runSnapshotDelete,
  [INSTANCE_KINDS.delete]: runDelete,
  [INSTANCE_KINDS.snapshot]: runSnapshot,
  [INSTANCE_KINDS.tag]: runTag,
  [INSTANCE_KINDS.migrate]: runMigrate,
  [INSTANCE_KINDS.copy]: runCopy,
};
