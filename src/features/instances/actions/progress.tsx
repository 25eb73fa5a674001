/**
 * What the bulk migrate and copy dialogs share: the dialog with its footer (Cancel and the
 * submit button while choosing, Close while the instances are on their way, Done once every
 * instance has its outcome), and one progress row per instance. The work itself is a job of the
 * one bulk queue (src/shared/bulk-queue): it runs at most N at once per server, shows in the
 * status bar's panel, goes on when the dialog is closed, and its end is notified by the queue.
 */
import { useState, type ReactNode } from 'react';
import {
  isActive,
  jobSummary,
  useBulkJobs,
  useBulkQueue,
  type BulkItem,
  type BulkJob,
  type ItemState,
  type NewJob,
} from '../../../shared/bulk-queue';
import { Modal } from '../../../shared/ui/Modal';
import { ModalFormFooter } from '../../../shared/ui/ModalFormFooter';
import type { InstanceTarget } from './executors';

export interface ProgressRow {
  name: string;
  project: string;
  step: string;
  /** LXD's error when the instance's work failed. */
  error?: string | undefined;
  done?: boolean;
  /** The item's params (the destination of its instance). */
  params: unknown;
}

/** A row's words for an item that reported no step of its own. */
function stepOf(item: BulkItem, words: { running: string; done: string }): string {
  const steps: Record<ItemState, string> = {
    queued: 'waiting',
    running: item.step ?? words.running,
    done: words.done,
    failed: 'failed',
    cancelled: 'cancelled',
    'not-done': 'not done',
  };
  return steps[item.state];
}

export function progressRow(item: BulkItem, words: { running: string; done: string }): ProgressRow {
  const finished = item.state !== 'queued' && item.state !== 'running';
  return {
    name: item.label,
    project: (item.params as InstanceTarget).project,
    step: stepOf(item, words),
    error:
      item.state === 'failed' || item.state === 'not-done' || item.state === 'cancelled'
        ? (item.message ?? item.state)
        : undefined,
    done: finished,
    params: item.params,
  };
}

/**
 * The dialog's job: `start` puts it in the bulk queue (resolving when it has ended), then its
 * items are the rows.
 */
export function useQueuedProgress(words: { running: string; done: 'copied' | 'migrated' }) {
  const queue = useBulkQueue();
  const jobs = useBulkJobs();
  const [jobId, setJobId] = useState<string>();
  const current = jobId === undefined ? undefined : jobs.find((found) => found.id === jobId);
  // The last state seen stays shown if the job is cleared from the panel meanwhile.
  const [seen, setSeen] = useState<BulkJob>();
  if (current && current !== seen) setSeen(current);
  const job = current ?? seen;
  const rows = job?.items.map((item) => progressRow(item, words));
  const running = job !== undefined && isActive(job);
  const finished = job !== undefined && !running;
  const summary = finished ? jobSummary(job) : undefined;
  const start = async (spec: NewJob) => {
    const { id, finished: ended } = queue.enqueue(spec);
    setJobId(id);
    await ended;
  };
  return { rows, running, finished, summary, start };
}

/**
 * The dialog of a bulk move or copy: its form (`formId`) while choosing, then the progress. It
 * may be closed while the instances are on their way: the bulk queue's panel goes on showing
 * them.
 */
export function ProgressModal({
  title,
  formId,
  progress,
  reason,
  label,
  busyLabel,
  onClose,
  children,
}: {
  title: string;
  formId: string;
  progress: { running: boolean; finished: boolean };
  /** Why the form may not be sent (no permission, nowhere to go), if so. */
  reason: string | undefined;
  label: string;
  busyLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        progress.finished ? (
          <button type="button" className="p-button" onClick={onClose}>
            Done
          </button>
        ) : progress.running ? (
          <>
            <button type="button" className="p-button--base" onClick={onClose}>
              Close
            </button>
            <button type="button" className="p-button--positive" disabled aria-busy>
              {busyLabel}
            </button>
          </>
        ) : (
          <ModalFormFooter
            formId={formId}
            busy={progress.running}
            busyLabel={busyLabel}
            submitLabel={label}
            onCancel={onClose}
            reason={reason}
          />
        )
      }
    >
      {children}
    </Modal>
  );
}

/** The outcome line and one line per instance. */
export function ProgressList<R extends ProgressRow>({
  rows,
  summary,
  label,
  renderRow,
}: {
  rows: readonly R[];
  summary: string | undefined;
  label: string;
  renderRow: (row: R) => ReactNode;
}) {
  return (
    <div className="move-progress">
      {summary ? (
        <p role="status" className="move-progress__summary">
          {summary}
        </p>
      ) : (
        <p className="u-text--muted">
          This goes on in Bulk actions (status bar) if you close this dialog.
        </p>
      )}
      <ul className="p-list" aria-label={label}>
        {rows.map((row) => (
          <li className="p-list__item" key={`${row.project}/${row.name}`}>
            {renderRow(row)}: {row.error ? `failed: ${row.error}` : row.step}
          </li>
        ))}
      </ul>
    </div>
  );
}
