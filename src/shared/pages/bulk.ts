/**
 * Bulk outcomes: what succeeded and what failed, counted ("3 images deleted, 1 failed") with each
 * failure named with LXD's message, worded the same everywhere. A list's bulk action goes
 * through the one bulk queue (src/shared/bulk-queue, `useBulkAction`); `runBulk` runs calls that
 * are one change's parts (a group's writes) all at once.
 */
import { errorText } from '../notifications';
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
