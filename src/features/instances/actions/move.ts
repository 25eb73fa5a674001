/**
 * Moving instances (to another cluster member, storage pool or project) and copying them, one
 * instance at a time, each to the end of its operation. No React here.
 */
import {
  copyInstance,
  copyInstanceToRemote,
  fetchInstance,
  postInstanceMove,
  type CopyPlacement,
  type MoveDestination,
} from '../../../lxd/endpoints/instance-detail';
import { fetchOperation } from '../../../lxd/endpoints/instance-create';
import type { LxdInstance } from '../../../lxd/types/instance';
import type { RemoteWait } from '../../../lxd/endpoints/migration';
import { STOP_FIRST, type RemoteDestination } from '../../remotes';
import { progressText } from '../create';
import { longPollWait, changeInstanceState, removeInstance } from './changeState';
import type { OperationWait } from '../../../lxd/operations';

export type MoveKind = MoveDestination['kind'];

/** The server features a move needs (`GET /1.0` api_extensions). */
export const MOVE_EXTENSIONS: Record<MoveKind, string | undefined> = {
  member: undefined,
  pool: 'instance_pool_move',
  project: 'instance_project_move',
};

export const MOVE_LABELS: Record<MoveKind, string> = {
  member: 'Another cluster member',
  pool: 'Another storage pool',
  project: 'Another project',
};

/** The choice beside MOVE_LABELS when the console server fronts other servers. */
export const NOT_CLUSTERED = 'This server is not clustered';

/** Why this server cannot do a kind of move, or undefined. */
export function moveUnsupportedReason(
  kind: MoveKind,
  server: { clustered: boolean; extensions: readonly string[] },
): string | undefined {
  if (kind === 'member' && !server.clustered) return NOT_CLUSTERED;
  const extension = MOVE_EXTENSIONS[kind];
  if (extension && !server.extensions.includes(extension)) {
    const what = kind === 'pool' ? 'storage pools' : 'projects';
    return `This server cannot move instances between ${what} (it lacks the ${extension} API extension)`;
  }
  return undefined;
}

/** Statuses LXD refuses a stateless move in (it asks for the instance to be stopped). */
export const isRunning = (status: string) =>
  status === 'Running' || status === 'Frozen' || status === 'Starting';

/** How often a running operation's progress is read. */
export const PROGRESS_POLL_MS = 1000;

/** Waits for operation `id`, reporting its progress text (`fs_progress` and the like). */
async function waitWithProgress(
  id: string,
  project: string,
  wait: OperationWait,
  onProgress: ((text: string) => void) | undefined,
): Promise<void> {
  if (!onProgress) {
    await wait(id, project);
    return;
  }
  const timer = setInterval(() => {
    fetchOperation(id)
      .then((operation) => {
        const text = progressText(operation.metadata);
        if (text) onProgress(text);
      })
      .catch(() => undefined);
  }, PROGRESS_POLL_MS);
  try {
    await wait(id, project);
  } finally {
    clearInterval(timer);
  }
}

export interface MoveOptions {
  /** Stop a running instance first and start it again where it went. */
  restart: boolean;
  wait?: OperationWait | undefined;
  /** 'stopping', 'moving', 'starting' and the operation's progress. */
  onStep?: ((text: string) => void) | undefined;
}

/** Moves one instance: optionally stop, POST the move, wait for it, start it again. */
export async function moveOne(
  instance: { name: string; project: string; status: string },
  to: MoveDestination,
  options: MoveOptions,
): Promise<void> {
  const wait = options.wait ?? longPollWait;
  const stopFirst = options.restart && isRunning(instance.status);
  if (stopFirst) {
    options.onStep?.('stopping');
    await changeInstanceState(instance, 'stop', {}, wait);
  }
  options.onStep?.('migrating');
  const id = await postInstanceMove(instance.project, instance.name, to);
  if (id) {
    await waitWithProgress(id, instance.project, wait, (text) =>
      options.onStep?.(`migrating: ${text}`),
    );
  }
  if (stopFirst) {
    options.onStep?.('starting');
    const project = to.kind === 'project' ? to.project : instance.project;
    await changeInstanceState({ name: instance.name, project }, 'start', {}, wait);
  }
}

/** The name of a copy: "{name}-copy", cut to 63 characters. */
export const copyName = (name: string) => `${name}-copy`.slice(0, 63);

/**
 * Copies one instance (read afresh: its own config and devices, not the expanded ones) to
 * `project` as `newName`, on a member and pool when asked.
 */
export async function copyOne(
  instance: { name: string; project: string },
  options: CopyPlacement & {
    newName: string;
    project: string;
    instanceOnly: boolean;
    source?: LxdInstance | undefined;
    wait?: OperationWait | undefined;
  },
): Promise<void> {
  const source = options.source ?? (await fetchInstance(instance.project, instance.name));
  await copyInstance(
    {
      project: instance.project,
      name: instance.name,
      newName: options.newName,
      targetProject: options.project,
      instanceOnly: options.instanceOnly,
      writable: source,
      target: options.target,
      pool: options.pool,
    },
    options.wait,
  );
}

/**
 * Sends one stopped instance of the page's remote to another remote under the same name: a copy
 * keeps the source; a move deletes it once the copy has succeeded. A running instance is
 * refused (no live migration between servers).
 */
export async function sendToRemote(
  instance: { name: string; project: string },
  to: RemoteDestination,
  options: {
    move: boolean;
    instanceOnly: boolean;
    /** The copy's name there (a move keeps the name). */
    name?: string | undefined;
    wait?: RemoteWait | undefined;
    onStep?: ((step: string) => void) | undefined;
  },
): Promise<void> {
  const source = await fetchInstance(instance.project, instance.name);
  if (isRunning(source.status)) throw new Error(STOP_FIRST);
  const step = `sending to ${to.remote}`;
  options.onStep?.(step);
  await copyInstanceToRemote(
    {
      instance: source,
      name: (!options.move && options.name) || instance.name,
      project: to.project,
      pool: to.pool,
      member: to.member,
      instanceOnly: options.instanceOnly,
      mode: to.mode,
    },
    to.remote,
    {
      wait: options.wait,
      onProgress: (metadata) => {
        const text = progressText(metadata);
        if (text) options.onStep?.(`${step}: ${text}`);
      },
    },
  );
  if (!options.move) return;
  options.onStep?.('deleting the source');
  const remoteWait = options.wait;
  const wait: OperationWait | undefined = remoteWait
    ? (id, project) => remoteWait(id, project, undefined)
    : undefined;
  await removeInstance({ ...instance, status: source.status }, {}, wait);
}
