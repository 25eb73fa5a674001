/**
 * Running state changes and deletions from the UI: progress on each instance while its
 * operation runs, the cached lists updated as each one ends, and one summary notification.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useOperationTracker } from '../../../shared/events';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { removeCachedInstance, setCachedStatus } from '../applyInstanceEvent';
import { instanceKeys } from '../keys';
import { createLimiter } from '../limiter';
import { startActivity } from './activity';
import {
  BULK_ACTION_WORDS,
  bulkSummary,
  IN_PROGRESS_WORDS,
  statusAfter,
  type BulkPlan,
  type InstanceRef,
} from './bulk';
import { changeInstanceState, removeInstance, type WaitForOperation } from './changeState';

/** State requests sent at once; the operations themselves run in parallel on the server. */
export const ACTION_REQUEST_CONCURRENCY = 4;
const requests = createLimiter(ACTION_REQUEST_CONCURRENCY);
const queue = <T>(send: () => Promise<T>) => requests.run(send);

interface Outcome {
  instance: InstanceRef;
  error?: string;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useInstanceActions() {
  const client = useQueryClient();
  const notify = useNotify();
  const { trackOperation } = useOperationTracker();

  const wait = useCallback<WaitForOperation>(
    (id, project) =>
      new Promise<void>((resolve, reject) => {
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

  const report = useCallback(
    (word: string, outcomes: Outcome[], skipped: number) => {
      const failed = outcomes.filter((outcome) => outcome.error !== undefined);
      const done = outcomes.filter((outcome) => outcome.error === undefined);
      const links =
        outcomes.length === 1 && done.length === 1 && done[0]
          ? [
              {
                label: done[0].instance.name,
                to: paths.instance(done[0].instance.project, done[0].instance.name),
              },
            ]
          : [];
      const title = bulkSummary(word, { done: done.length, skipped, failed: failed.length });
      if (failed.length === 0) {
        notify.success(title, undefined, links);
        return;
      }
      notify.failure(
        title,
        failed.map((outcome) => `${outcome.instance.name}: ${outcome.error ?? ''}`).join('\n'),
      );
    },
    [notify],
  );

  const runStateChange = useCallback(
    async <T extends InstanceRef>(plan: BulkPlan<T>, options: { force: boolean }) => {
      const outcomes = await Promise.all(
        plan.run.map(async ({ instance, sentAs }): Promise<Outcome> => {
          const stop = startActivity(instance.project, instance.name, IN_PROGRESS_WORDS[sentAs]);
          try {
            await changeInstanceState(instance, sentAs, { force: options.force, queue }, wait);
            setCachedStatus(client, instance.project, instance.name, statusAfter(sentAs));
            return { instance };
          } catch (error) {
            return { instance, error: errorMessage(error) };
          } finally {
            stop();
          }
        }),
      );
      void client.invalidateQueries({ queryKey: instanceKeys.all });
      report(BULK_ACTION_WORDS[plan.action], outcomes, plan.skipped.length);
    },
    [client, wait, report],
  );

  const runDelete = useCallback(
    async (instances: readonly InstanceRef[], options: { forceStop: boolean }) => {
      const deletable = instances.filter(
        (instance) => options.forceStop || instance.status === 'Stopped',
      );
      const outcomes = await Promise.all(
        deletable.map(async (instance): Promise<Outcome> => {
          const stop = startActivity(instance.project, instance.name, IN_PROGRESS_WORDS.delete);
          try {
            await removeInstance(instance, { forceStop: options.forceStop, queue }, wait);
            removeCachedInstance(client, instance.project, instance.name);
            return { instance };
          } catch (error) {
            return { instance, error: errorMessage(error) };
          } finally {
            stop();
          }
        }),
      );
      void client.invalidateQueries({ queryKey: instanceKeys.all });
      report('deleted', outcomes, instances.length - deletable.length);
    },
    [client, wait, report],
  );

  return useMemo(() => ({ runStateChange, runDelete }), [runStateChange, runDelete]);
}
