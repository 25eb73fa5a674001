/**
 * Waiting for an LXD operation to end, as the console's changes do: the page's server's through
 * the event stream's tracker (spec §7: handled 250 ms after its event, with the /wait long poll
 * when the stream is down), another server's (a remote of a list of several) with LXD's /wait
 * long poll on that server. Rejects with the operation's error text.
 */
import { useCallback } from 'react';
import { waitForOperation } from '../../lxd/operations';
import { useOperationTracker } from './context';

export type OperationWaiter = (
  id: string,
  project: string,
  remote?: string | null,
) => Promise<void>;

export function useOperationWait(): OperationWaiter {
  const { trackOperation } = useOperationTracker();
  return useCallback<OperationWaiter>(
    (id, project, remote) =>
      remote !== undefined
        ? waitForOperation(id, { project, remote }).then(() => undefined)
        : new Promise<void>((resolve, reject) => {
            trackOperation(
              id,
              {
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
