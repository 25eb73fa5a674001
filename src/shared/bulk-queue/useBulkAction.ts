/**
 * A list's bulk action (delete the selected images, acknowledge the selected warnings…) through
 * the one bulk queue: one item per selected object, run by the executor its feature registered
 * for `kind` (FeatureModule.bulkExecutors), at most N at once per server, shown in the panel,
 * kept across a reload and retried from there. The summary notification ("3 images deleted,
 * 1 failed", each failure with LXD's message) comes when the job ends (BulkQueueHost).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BulkOutcome } from '../pages/bulk';
import type { Noun } from '../ui/list';
import type { BulkJob, ExecutorContext } from './queue';
import { useBulkQueue } from './react';

export interface BulkActionOptions<T> {
  noun: Noun;
  /** The job's name before its count: 'Delete' makes "Delete 3 images". */
  title: string;
  /** The past participle of the summary: "deleted", "acknowledged". */
  verb: string;
  /** How the panel and a failure name an object. */
  label: (item: T) => string;
  /** The executor kind that runs each item (registered by the feature). */
  kind: string;
  /** What the executor needs of an object: plain data, kept across a reload. */
  params: (item: T) => unknown;
  /** Once every item has settled (clear the selection, refresh the list). */
  onSettled?: (outcome: BulkOutcome<T>) => void;
}

/** The job's outcome in the caller's objects: its items are in the order they were given. */
export function outcomeOf<T>(objects: readonly T[], job: BulkJob): BulkOutcome<T> {
  const outcome: BulkOutcome<T> = { done: [], failed: [] };
  job.items.forEach((item, index) => {
    const object = objects[index] as T;
    if (item.state === 'done') outcome.done.push(object);
    else if (item.state === 'failed' || item.state === 'not-done') {
      outcome.failed.push({ item: object, message: item.message ?? '' });
    }
  });
  return outcome;
}

/** The job's title: "Delete 3 images", "Acknowledge 1 warning". */
export function bulkTitle(title: string, count: number, noun: Noun): string {
  return `${title} ${String(count)} ${count === 1 ? noun.one : noun.other}`;
}

/** Queues the action over the objects; resolves with the outcome once every item settled. */
export function useBulkAction<T>(options: BulkActionOptions<T>) {
  const queue = useBulkQueue();
  const { noun, title, verb, label, kind, params, onSettled } = options;
  return useCallback(
    async (objects: readonly T[]): Promise<BulkOutcome<T>> => {
      const { finished } = queue.enqueue({
        title: bulkTitle(title, objects.length, noun),
        noun,
        verb,
        items: objects.map((object) => ({ kind, label: label(object), params: params(object) })),
      });
      const outcome = outcomeOf(objects, await finished);
      onSettled?.(outcome);
      return outcome;
    },
    [queue, noun, title, verb, label, kind, params, onSettled],
  );
}

/** The query cache the app hands to executors, when it has one. */
export function queryClientOf(context: ExecutorContext): QueryClient | undefined {
  return context.services.queryClient as QueryClient | undefined;
}

/** After an item: the cached data under `key` is asked for again (a retry from the panel too). */
export function refreshAfter(context: ExecutorContext, key: QueryKey): void {
  void queryClientOf(context)?.invalidateQueries({ queryKey: key });
}
