/**
 * Waiting for an LXD operation to end, as the console's changes do: the page's server's through
 * the event stream's tracker (spec §7: handled 250 ms after its event, with the /wait long poll
 * when the stream is down), another server's (a remote of a list of several) with LXD's /wait
 * long poll on that server. Rejects with the operation's error text.
 */
import { useCallback } from 'react';
import { waitForOperation, type OperationWait } from '../../lxd/operations';
import { useOperationTracker } from './context';

export function useOperationWait(): OperationWait {
  const { trackOperation } = useOperationTracker();
  return useCallback<OperationWait>(
    (id, project, remote, options) =>
      remote !== undefined
        ? waitForOperation(id, { project, remote })
            .finally(() => options?.onEnded?.())
            .then(() => undefined)
        : new Promise<void>((resolve, reject) => {
            trackOperation(
              id,
              {
                onEnded: options?.onEnded,
                onFailure: (error) => {
                  reject(new Error(error));
                },
                // Runs after onFailure too; a settled promise ignores it then.
                onFinish: resolve,
              },
              { project },
            );
          }),
    [trackOperation],
  );
}
