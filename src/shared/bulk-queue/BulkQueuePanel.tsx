/**
 * The bulk queue's panel: a status-bar button ("Bulk actions 12/30") opening a non-modal region
 * that stays open across navigation, with each job's progress, its counts, Pause / Resume /
 * Cancel / Retry failed, and each item's outcome with LXD's error.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  canRetry,
  isActive,
  jobCounts,
  type BulkItem,
  type BulkJob,
  type ItemState,
} from './queue';
import { useBulkJobs, useBulkQueue } from './react';
import './bulk-queue.scss';

const STATE_WORDS: Record<ItemState, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'not-done': 'Not done',
};

/** "12/30": the finished items of the active jobs (of every job when none is active). */
export function queueProgress(jobs: readonly BulkJob[]): { finished: number; total: number } {
  const active = jobs.filter(isActive);
  const counted = active.length > 0 ? active : jobs;
  let finished = 0;
  let total = 0;
  for (const job of counted) {
    const counts = jobCounts(job);
    finished += counts.finished;
    total += counts.total;
  }
  return { finished, total };
}

/** "12 of 30 finished: 10 done, 2 failed, 4 running, 14 queued". */
export function countsText(job: BulkJob): string {
  const c = jobCounts(job);
  const parts = [`${String(c.done)} done`];
  if (c.failed > 0) parts.push(`${String(c.failed)} failed`);
  if (c.notDone > 0) parts.push(`${String(c.notDone)} not done`);
  if (c.cancelled > 0) parts.push(`${String(c.cancelled)} cancelled`);
  if (c.running > 0) parts.push(`${String(c.running)} running`);
  if (c.queued > 0) parts.push(`${String(c.queued)} queued`);
  return `${String(c.finished)} of ${String(c.total)} finished: ${parts.join(', ')}`;
}

function ItemRow({ item }: { item: BulkItem }) {
  return (
    <li className={`bulk-queue__item is-${item.state}`}>
      <span className="bulk-queue__item-label">{item.label}</span>{' '}
      <span className="bulk-queue__item-state">{STATE_WORDS[item.state]}</span>
      {item.server !== '' && <span className="u-text--muted"> on {item.server}</span>}
      {item.state === 'running' && item.step && (
        <span className="bulk-queue__item-message">: {item.step}</span>
      )}
      {item.message && <span className="bulk-queue__item-message">: {item.message}</span>}
    </li>
  );
}

function JobCard({ job }: { job: BulkJob }) {
  const queue = useBulkQueue();
  const [showItems, setShowItems] = useState(false);
  const titleId = useId();
  const counts = jobCounts(job);
  const active = isActive(job);
  const problems = job.items.filter((item) => item.state === 'failed' || item.state === 'not-done');
  const share = (n: number) => (counts.total === 0 ? 0 : Math.round((n / counts.total) * 100));
  const percent = counts.total === 0 ? 100 : share(counts.finished);
  const donePercent = counts.total === 0 ? 100 : share(counts.done);
  const status = active ? (job.paused ? 'Paused' : 'Running') : 'Finished';
  return (
    <li className="bulk-queue__job" aria-labelledby={titleId}>
      <div className="bulk-queue__job-head">
        <h3 className="p-heading--5 bulk-queue__job-title" id={titleId}>
          {job.title}
        </h3>
        <span className={`bulk-queue__status is-${status.toLowerCase()}`}>{status}</span>
      </div>
      <div
        className="bulk-queue__track"
        role="progressbar"
        aria-label={`Progress of ${job.title}`}
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={counts.finished}
        aria-valuetext={`${String(counts.finished)} of ${String(counts.total)}`}
      >
        <div className="bulk-queue__bar" style={{ width: `${String(donePercent)}%` }} />
        <div
          className="bulk-queue__bar is-failed"
          style={{ width: `${String(percent - donePercent)}%` }}
        />
      </div>
      <p className="bulk-queue__counts">{countsText(job)}</p>
      <div className="bulk-queue__buttons">
        {active && !job.paused && (
          <button type="button" className="p-button is-dense" onClick={() => queue.pause(job.id)}>
            Pause
          </button>
        )}
        {active && job.paused && (
          <button type="button" className="p-button is-dense" onClick={() => queue.resume(job.id)}>
            Resume
          </button>
        )}
        {active && counts.queued > 0 && (
          <button type="button" className="p-button is-dense" onClick={() => queue.cancel(job.id)}>
            Cancel
          </button>
        )}
        {!active && canRetry(job) && (
          <button type="button" className="p-button is-dense" onClick={() => queue.retry(job.id)}>
            Retry failed
          </button>
        )}
        <button
          type="button"
          className="p-button--base is-dense"
          aria-expanded={showItems}
          onClick={() => setShowItems((shown) => !shown)}
        >
          {showItems ? 'Hide items' : `Show ${String(counts.total)} items`}
        </button>
      </div>
      {!showItems && problems.length > 0 && (
        <ul className="bulk-queue__items" aria-label={`Failures of ${job.title}`}>
          {problems.slice(0, 20).map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
          {problems.length > 20 && (
            <li className="u-text--muted">and {String(problems.length - 20)} more</li>
          )}
        </ul>
      )}
      {showItems && (
        <ul className="bulk-queue__items" aria-label={`Items of ${job.title}`}>
          {job.items.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The region itself: the jobs, newest first. */
export function BulkQueuePanel({ onClose }: { onClose: () => void }) {
  const queue = useBulkQueue();
  const jobs = useBulkJobs();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  // Escape closes it while focus is in it (it is not modal: the page stays usable).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && panelRef.current?.contains(document.activeElement)) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const finished = jobs.some((job) => !isActive(job));
  return (
    <section
      className="bulk-queue"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      ref={panelRef}
    >
      <header className="bulk-queue__header">
        <h2 className="p-heading--4 bulk-queue__title" id={titleId} tabIndex={-1} ref={headingRef}>
          Bulk actions
        </h2>
        {finished && (
          <button
            type="button"
            className="p-button--base is-dense"
            onClick={() => queue.clearFinished()}
          >
            Clear finished
          </button>
        )}
        <button type="button" className="p-button--base is-dense" onClick={onClose}>
          Close
        </button>
      </header>
      <p className="bulk-queue__limit u-text--muted">
        {String(queue.getConcurrency())} at once per server (Settings)
      </p>
      {jobs.length === 0 ? (
        <p className="bulk-queue__empty">No bulk actions in this browser.</p>
      ) : (
        <ul className="bulk-queue__jobs" aria-label="Bulk action jobs">
          {[...jobs].reverse().map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The status-bar button and its panel; nothing until a job has been queued. */
export function BulkQueueButton() {
  const jobs = useBulkJobs();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  if (jobs.length === 0 && !open) return null;
  const { finished, total } = queueProgress(jobs);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="status-bar__bulk p-button--base is-dense"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        Bulk actions {String(finished)}/{String(total)}
      </button>
      {open && (
        <div id={panelId}>
          <BulkQueuePanel
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </div>
      )}
    </>
  );
}
