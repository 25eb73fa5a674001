/**
 * Connects the app's queue to the signed-in frame: operations of the page's server are waited
 * for through the event stream's tracker (another server's with LXD's /wait long poll), executors
 * get the query cache, and each job's end is told as the bulk runner's summary notification.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOperationWait } from '../events';
import { useNotify } from '../notifications';
import { BulkQueueButton } from './BulkQueuePanel';
import { useBulkQueue } from './react';
import { jobFailures, jobOutcome, jobSummary } from './summary';

/** Each job's end told as the bulk runner's summary notification (with each failure). */
export function BulkQueueNotices() {
  const queue = useBulkQueue();
  const notify = useNotify();
  useEffect(
    () =>
      queue.onJobEnd((job) => {
        const summary = jobSummary(job);
        if (jobOutcome(job).failed.length > 0) notify.failure(summary, jobFailures(job));
        else notify.success(summary);
      }),
    [queue, notify],
  );
  return null;
}

export function BulkQueueHost() {
  const queue = useBulkQueue();
  const client = useQueryClient();
  const wait = useOperationWait();

  useEffect(() => {
    queue.configure({ wait, services: { queryClient: client } });
  }, [queue, client, wait]);

  // The queue is saved now and then; a closing tab saves what it has.
  useEffect(() => {
    const flush = () => queue.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [queue]);

  return (
    <>
      <BulkQueueNotices />
      <BulkQueueButton />
    </>
  );
}
