/**
 * State changes and deletion of one instance, tracked to the end of their operation. Shared by the
 * list (bulk and row actions) and the detail page. No React here.
 */
import type { LxdResult } from '../../../lxd/client';
import { deleteInstance, putInstanceState } from '../../../lxd/endpoints/instances';
import { operationId, waitForOperation, type OperationWait } from '../../../lxd/operations';
import type { InstanceStateAction } from '../../../lxd/types/instance';

/** Without an event stream: LXD's `/wait` long poll. */
export const longPollWait: OperationWait = async (id, project, remote, options) => {
  try {
    await waitForOperation(id, { project, remote });
  } finally {
    options?.onEnded?.();
  }
};

/** Seconds LXD waits for a clean shutdown before it gives up (a forced stop does not wait). */
export const SHUTDOWN_TIMEOUT_SECONDS = 30;

/** Runs the HTTP request of a change (a limiter for bulk runs); the wait is not queued. */
export type RequestQueue = <T>(send: () => Promise<T>) => Promise<T>;
const direct: RequestQueue = (send) => send();

export interface StateChangeOptions {
  force?: boolean | undefined;
  /** Seconds for a clean shutdown; -1 waits without limit. */
  timeout?: number | undefined;
  queue?: RequestQueue | undefined;
}

interface InstanceKey {
  name: string;
  project: string;
  /** The server it is on (by name), when it is not the page's (see src/lxd/remote.ts). */
  remote?: string | null | undefined;
}

async function settle(result: LxdResult<unknown>, instance: InstanceKey, wait: OperationWait) {
  if (result.type !== 'async') return;
  await wait(operationId(result), instance.project, instance.remote);
}

/** PUT /1.0/instances/{name}/state {action, timeout, force}, resolved when the change is done. */
export async function changeInstanceState(
  instance: InstanceKey,
  action: InstanceStateAction,
  options: StateChangeOptions = {},
  wait: OperationWait = longPollWait,
): Promise<void> {
  const force = options.force ?? false;
  const graceful = (action === 'stop' || action === 'restart') && !force;
  const timeout = options.timeout ?? (graceful ? SHUTDOWN_TIMEOUT_SECONDS : -1);
  const queue = options.queue ?? direct;
  const result = await queue(() =>
    putInstanceState(instance.name, instance.project, { action, timeout, force }, instance.remote),
  );
  await settle(result, instance, wait);
}

/**
 * DELETE /1.0/instances/{name}, resolved when it is gone. LXD refuses to delete a running
 * instance: with `forceStop` it is stopped (forcefully) first.
 */
export async function removeInstance(
  instance: InstanceKey & { status: string },
  options: { forceStop?: boolean; queue?: RequestQueue } = {},
  wait: OperationWait = longPollWait,
): Promise<void> {
  const queue = options.queue ?? direct;
  if (instance.status !== 'Stopped' && options.forceStop) {
    await changeInstanceState(instance, 'stop', { force: true, queue }, wait);
  }
  const result = await queue(() =>
    deleteInstance(instance.name, instance.project, instance.remote),
  );
  await settle(result, instance, wait);
}
