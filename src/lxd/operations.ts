import { get, type LxdResult, type RequestOptions } from './client';
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

/**
 * Waits until an operation ends (LXD's long poll, no timeout unless asked) and returns it.
 * A Failure or Cancelled end throws with the operation's error text.
 */
export async function waitForOperation(
  id: string,
  options: Pick<RequestOptions, 'project' | 'signal'> & { timeoutSeconds?: number } = {},
): Promise<LxdOperation> {
  const operation = await get<LxdOperation>(`/1.0/operations/${encodeURIComponent(id)}/wait`, {
    project: options.project,
    signal: options.signal,
    params: { timeout: options.timeoutSeconds ?? -1 },
  });
  if (operation.status === 'Failure' || operation.status === 'Cancelled') {
    throw new Error(operation.err || `Operation ${operation.status.toLowerCase()}`);
  }
  return operation;
}

/** The websocket URL of one file descriptor of an operation, on the page's own origin. */
export function operationWebsocketUrl(
  id: string,
  secret: string,
  origin: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${origin.host}/1.0/operations/${encodeURIComponent(id)}/websocket?secret=${encodeURIComponent(secret)}`;
}
