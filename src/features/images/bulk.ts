/**
 * Several images are deleted in parallel and their outcomes counted (spec §7, §8): each deletion
 * is one promise; a failed deletion is a rejected result carrying its error message.
 */

export interface BulkFailure {
  /** What failed (an image fingerprint). */
  item: string;
  message: string;
}

export interface BulkOutcome {
  succeeded: string[];
  failed: BulkFailure[];
}

/** The text of a rejection reason: an Error's message, a string, or a generic text. */
export function reasonMessage(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string' && reason) return reason;
  return 'Unknown error';
}

/** Counts settled results; `items[i]` is what `results[i]` was about. */
export function countOutcomes(
  items: readonly string[],
  results: readonly PromiseSettledResult<unknown>[],
): BulkOutcome {
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  results.forEach((result, index) => {
    const item = items[index] ?? String(index);
    if (result.status === 'fulfilled') outcome.succeeded.push(item);
    else outcome.failed.push({ item, message: reasonMessage(result.reason) });
  });
  return outcome;
}

/** Runs `action` on every item at once and counts the outcomes once all have settled. */
export async function runInParallel(
  items: readonly string[],
  action: (item: string) => Promise<unknown>,
): Promise<BulkOutcome> {
  const results = await Promise.allSettled(items.map((item) => action(item)));
  return countOutcomes(items, results);
}

const images = (count: number) => `${count} ${count === 1 ? 'image' : 'images'}`;

/** "3 images deleted, 1 failed"; "1 image deleted"; "0 images deleted, 2 failed". */
export function deleteSummary(outcome: BulkOutcome): string {
  const deleted = `${images(outcome.succeeded.length)} deleted`;
  return outcome.failed.length > 0 ? `${deleted}, ${outcome.failed.length} failed` : deleted;
}

/** The failures, one per line: "<label>: <message>". */
export function failureDetails(
  outcome: BulkOutcome,
  label: (item: string) => string = (item) => item,
): string {
  return outcome.failed.map((failure) => `${label(failure.item)}: ${failure.message}`).join('\n');
}
