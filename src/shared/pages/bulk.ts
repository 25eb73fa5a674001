/**
 * Bulk actions: the same call for each selected object, all at once, with the outcomes counted
 * ("3 images deleted, 1 failed") and each failure named with LXD's message. One runner for
 * every list, so that the wording and the counting are the same everywhere.
 */
import { useCallback } from 'react';
import { errorText, useNotify } from '../notifications';
import type { Noun } from '../ui/list';

export interface BulkOutcome<T> {
  done: T[];
  failed: { item: T; message: string }[];
}

/** Runs `action` for every item at once and counts what succeeded and what failed. */
export async function runBulk<T>(
  items: readonly T[],
  action: (item: T) => Promise<unknown>,
): Promise<BulkOutcome<T>> {
  const results = await Promise.allSettled(items.map((item) => action(item)));
  const outcome: BulkOutcome<T> = { done: [], failed: [] };
  results.forEach((result, index) => {
    const item = items[index] as T;
    if (result.status === 'fulfilled') outcome.done.push(item);
    else outcome.failed.push({ item, message: errorText(result.reason) });
  });
  return outcome;
}

const count = (n: number, noun: Noun) => `${String(n)} ${n === 1 ? noun.one : noun.other}`;

/**
 * "3 images deleted", "2 images deleted, 1 failed", "0 images deleted, 2 failed"; with items the
 * action does not apply to, "2 instances started, 1 skipped, 1 failed".
 */
export function bulkSummary(
  outcome: BulkOutcome<unknown>,
  noun: Noun,
  verb: string,
  skipped = 0,
): string {
  const parts = [`${count(outcome.done.length, noun)} ${verb}`];
  if (skipped > 0) parts.push(`${String(skipped)} skipped`);
  if (outcome.failed.length > 0) parts.push(`${String(outcome.failed.length)} failed`);
  return parts.join(', ');
}

/** Failures a notification lists one by one; the rest are counted. */
export const FAILURES_LISTED = 10;

/** The failures, one a line: "<label>: <LXD's message>", the first ten, then "and N more". */
export function bulkFailures<T>(outcome: BulkOutcome<T>, label: (item: T) => string): string {
  const lines = outcome.failed
    .slice(0, FAILURES_LISTED)
    .map(({ item, message }) => `${label(item)}: ${message}`);
  const more = outcome.failed.length - FAILURES_LISTED;
  if (more > 0) lines.push(`and ${String(more)} more`);
  return lines.join('\n');
}

export interface BulkActionOptions<T> {
  noun: Noun;
  /** The past participle of the summary: "deleted", "acknowledged". */
  verb: string;
  /** How a failure names its object. */
  label: (item: T) => string;
  action: (item: T) => Promise<unknown>;
  /** After every call settled (refresh the list, clear the selection). */
  onSettled?: (outcome: BulkOutcome<T>) => void;
}

/**
 * A bulk action of a list: runs it over the items, then tells the outcome as a notification
 * (success when all went through, failure with each object's message otherwise).
 */
export function useBulkAction<T>(options: BulkActionOptions<T>) {
  const notify = useNotify();
  const { noun, verb, label, action, onSettled } = options;
  return useCallback(
    async (items: readonly T[]): Promise<BulkOutcome<T>> => {
      const outcome = await runBulk(items, action);
      onSettled?.(outcome);
      const summary = bulkSummary(outcome, noun, verb);
      if (outcome.failed.length === 0) notify.success(summary);
      else notify.failure(summary, bulkFailures(outcome, label));
      return outcome;
    },
    [notify, noun, verb, label, action, onSettled],
  );
}
