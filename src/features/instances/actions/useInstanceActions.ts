/**
 * Running state changes and deletions from the UI: progress on each instance while its
 * operation runs, the cached lists updated as each one ends, and one summary notification.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useOperationWait } from '../../../shared/events';
import { useNotify } from '../../../shared/notifications';
import { bulkFailures, bulkSummary, runBulk, type BulkOutcome } from '../../../shared/pages/bulk';
import { paths } from '../../../shared/routing/paths';
import {
  removeCachedInstance,
  setCachedStatus,
  type InstanceListScope,
} from '../applyInstanceEvent';
import { instanceKeys } from '../keys';
import { createLimiter } from '../limiter';
import { startActivity } from './activity';
import {
  BULK_ACTION_WORDS,
  IN_PROGRESS_WORDS,
  INSTANCE_NOUN,
  statusAfter,
  type BulkPlan,
  type InstanceRef,
} from './bulk';
import { changeInstanceState, removeInstance, type RequestQueue } from './changeState';
import type { OperationWait } from '../../../lxd/operations';

/**
 * State requests sent at once to one server; the operations themselves run in parallel on it.
 * Each server has its own limit (a list of several servers' instances).
 */
export const ACTION_REQUEST_CONCURRENCY = 4;
const limiters = new Map<string, ReturnType<typeof createLimiter>>();
function queueOf(instance: InstanceRef): RequestQueue {
  const server = instance.remote === undefined ? '' : `remote:${instance.remote ?? ''}`;
  let limiter = limiters.get(server);
  if (!limiter) {
    limiter = createLimiter(ACTION_REQUEST_CONCURRENCY);
    limiters.set(server, limiter);
  }
  const own = limiter;
  return (send) => own.run(send);
}

export interface InstanceActionsOptions {
  /** Where the cached lists of an instance of another server are (see applyInstanceEvent). */
  scopeOf?: (instance: InstanceRef) => InstanceListScope | undefined;
}

export function useInstanceActions(options: InstanceActionsOptions = {}) {
  const { scopeOf } = options;
  const client = useQueryClient();
  const notify = useNotify();
  // The page's event stream tracks the page's remote's operations; another server's are waited
  // for with LXD's long poll on that server.
  const wait: OperationWait = useOperationWait();

  /** One notification for the run: the counts, each failure with LXD's message. */
  const report = useCallback(
    (word: string, outcome: BulkOutcome<InstanceRef>, skipped: number) => {
      const title = bulkSummary(outcome, INSTANCE_NOUN, word, skipped);
      const [only] = outcome.done;
      if (outcome.failed.length > 0) {
        notify.failure(
          title,
          bulkFailures(outcome, (instance) => instance.name),
        );
      } else if (only && outcome.done.length === 1 && only.remote === undefined) {
        notify.success(title, undefined, [
          { label: only.name, to: paths.instance(only.project, only.name) },
        ]);
      } else {
        notify.success(title);
      }
    },
    [notify],
  );

  const runStateChange = useCallback(
    async <T extends InstanceRef>(plan: BulkPlan<T>, options: { force: boolean }) => {
      const outcome = await runBulk(plan.run, async ({ instance, sentAs }) => {
        const stop = startActivity(instance.project, instance.name, IN_PROGRESS_WORDS[sentAs]);
        try {
          await changeInstanceState(
            instance,
            sentAs,
            { force: options.force, queue: queueOf(instance) },
            wait,
          );
          setCachedStatus(
            client,
            instance.project,
            instance.name,
            statusAfter(sentAs),
            scopeOf?.(instance),
          );
        } finally {
          stop();
        }
      });
      void client.invalidateQueries({ queryKey: instanceKeys.all });
      report(
        BULK_ACTION_WORDS[plan.action],
        {
          done: outcome.done.map(({ instance }) => instance),
          failed: outcome.failed.map(({ item, message }) => ({ item: item.instance, message })),
        },
        plan.skipped.length,
      );
    },
    [client, wait, report, scopeOf],
  );

  const runDelete = useCallback(
    async (instances: readonly InstanceRef[], options: { forceStop: boolean }) => {
      const deletable = instances.filter(
        (instance) => options.forceStop || instance.status === 'Stopped',
      );
      const outcome = await runBulk(deletable, async (instance) => {
        const stop = startActivity(instance.project, instance.name, IN_PROGRESS_WORDS.delete);
        try {
          await removeInstance(
            instance,
            { forceStop: options.forceStop, queue: queueOf(instance) },
            wait,
          );
          removeCachedInstance(client, instance.project, instance.name, scopeOf?.(instance));
        } finally {
          stop();
        }
      });
      void client.invalidateQueries({ queryKey: instanceKeys.all });
      report('deleted', outcome, instances.length - deletable.length);
    },
    [client, wait, report, scopeOf],
  );

  return useMemo(() => ({ runStateChange, runDelete }), [runStateChange, runDelete]);
}
