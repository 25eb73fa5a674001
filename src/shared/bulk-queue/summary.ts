/** The words of a job's end, through the bulk runner's summary ("28 instances stopped, 2 failed"). */
import { bulkFailures, bulkSummary, type BulkOutcome } from '../pages/bulk';
import { jobCounts, type BulkItem, type BulkJob } from './queue';

/** The job's items as the bulk runner's outcome (done and failed, with LXD's messages). */
export function jobOutcome(job: BulkJob): BulkOutcome<BulkItem> {
  const outcome: BulkOutcome<BulkItem> = { done: [], failed: [] };
  for (const item of job.items) {
    if (item.state === 'done') outcome.done.push(item);
    else if (item.state === 'failed' || item.state === 'not-done') {
      outcome.failed.push({ item, message: item.message ?? '' });
    }
  }
  return outcome;
}

/** "28 instances stopped, 2 failed"; ", 3 cancelled" when the job was cancelled. */
export function jobSummary(job: BulkJob): string {
  const summary = bulkSummary(jobOutcome(job), job.noun, job.verb, job.skipped);
  const { cancelled } = jobCounts(job);
  return cancelled > 0 ? `${summary}, ${String(cancelled)} cancelled` : summary;
}

/** Each failure on its line: "web-1: LXD's message". */
export function jobFailures(job: BulkJob): string {
  return bulkFailures(jobOutcome(job), (item) => item.label);
}
