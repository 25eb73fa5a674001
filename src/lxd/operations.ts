import { get, LxdApiError, type LxdResult, type RequestOptions } from './client';
import { websocketUrl, type WebsocketUrlOptions } from './remote';
import type { LxdOperation } from './types/operation';

/** The operation id of an asynchronous answer (`/1.0/operations/<id>` or metadata.id). */
export function operationId(result: Pick<LxdResult<unknown>, 'operation' | 'metadata'>): string {
  if (result.operation) {
    const id = result.operation.split('/').pop()?.split('?')[0];
    if (id) return id;
  }
  const metadata = result.metadata as { id?: unknown } | undefined;
  if (metadata && typeof metadata.id === 'string') return metadata.id;
  throw new Error('The answer carries no operation');
}

export interface OperationWaitOptions {
  /**
   * Told as soon as the server reports the operation's end, before its outcome is handled (the
   * event stream handles it 250 ms later, spec §7).
   */
  onEnded?: (() => void) | undefined;
}

/**
 * How the console waits for an operation to end: the page's server's through the event stream's
 * tracker, another server's (`remote`, null for the default one) with the `/wait` long poll.
 * Rejects with the operation's error text.
 */
export type OperationWait = (
  id: string,
  project: string,
  remote?: string | null,
  options?: OperationWaitOptions,
) => Promise<void>;

/**
 * Waits until an operation ends (LXD's long poll, no timeout unless asked) and returns it.
 * A Failure or Cancelled end throws with the operation's error text.
 *
 * LXD answers the wait of a failed operation with the operation (status Failure); Incus answers
 * it with an error (HTTP 500, or the status its failure carries, such as 404, with the failure's
 * text). An error answer is therefore checked against the operation itself: when that says it
 * failed, the same error as LXD's is thrown; anything else is the wait's own error, thrown as is.
 */
export async function waitForOperation(
  id: string,
  options: Pick<RequestOptions, 'project' | 'signal' | 'remote'> & { timeoutSeconds?: number } = {},
): Promise<LxdOperation> {
  const path = `/1.0/operations/${encodeURIComponent(id)}`;
  let operation: LxdOperation;
  try {
    operation = await get<LxdOperation>(`${path}/wait`, {
      project: options.project,
      signal: options.signal,
      remote: options.remote,
      params: { timeout: options.timeoutSeconds ?? -1 },
    });
  } catch (error) {
    operation = await failedOperation(path, options, error);
  }
  if (operation.status === 'Failure' || operation.status === 'Cancelled') {
    throw new Error(operation.err || `Operation ${operation.status.toLowerCase()}`);
  }
  return operation;
}

/** The operation whose wait answered with an error, if it failed; else that error is thrown. */
async function failedOperation(
  path: string,
  options: Pick<RequestOptions, 'project' | 'signal' | 'remote'>,
  waitError: unknown,
): Promise<LxdOperation> {
  if (!(waitError instanceof LxdApiError) || options.signal?.aborted) throw waitError;
  let operation: LxdOperation | undefined;
  try {
    const { project, signal, remote } = options;
    operation = await get<LxdOperation>(path, { project, signal, remote });
  } catch {
    // The operation cannot be read (gone, refused, offline): the wait's error is all there is.
  }
  if (operation?.status === 'Failure' || operation?.status === 'Cancelled') return operation;
  throw waitError;
}

/**
 * The websocket URL of one file descriptor of an operation, on the page's own origin and the
 * page's remote (or `remote`: the one the operation runs on).
 */
export function operationWebsocketUrl(
  id: string,
  secret: string,
  origin?: WebsocketUrlOptions['origin'],
  remote?: WebsocketUrlOptions['remote'],
): string {
  const path = `/1.0/operations/${encodeURIComponent(id)}/websocket?secret=${encodeURIComponent(secret)}`;
  return websocketUrl(path, { origin, remote });
}
