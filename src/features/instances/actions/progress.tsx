/**
 * What the bulk migrate and copy dialogs share: the dialog with its footer (Cancel and the
 * submit button while choosing or running, Done once every instance has its outcome), one
 * progress row per instance, each instance's work run side by side through the bulk runner with
 * its failure kept on its row, and the counted outcome as a notification and in the dialog.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNotify } from '../../../shared/notifications';
import { bulkFailures, bulkSummary, runBulk } from '../../../shared/pages/bulk';
import { Modal } from '../../../shared/ui/Modal';
import { ModalFormFooter } from '../../../shared/ui/ModalFormFooter';
import { instanceKeys } from '../keys';
import { INSTANCE_NOUN } from './bulk';

export interface ProgressRow {
  name: string;
  project: string;
  step: string;
  /** LXD's error when the instance's work failed. */
  error?: string | undefined;
  done?: boolean;
}

type Instance = { name: string; project: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The rows, their state, and `runEach`, which runs the work and reports the outcome. */
export function useInstanceProgress<R extends ProgressRow>(verb: 'copied' | 'migrated') {
  const notify = useNotify();
  const client = useQueryClient();
  const [rows, setRows] = useState<R[]>();
  const running = rows !== undefined && rows.some((row) => !row.done);
  const finished = rows !== undefined && !running;

  const update = (at: Instance, change: Partial<R>) => {
    setRows((current) =>
      current?.map((row) =>
        row.name === at.name && row.project === at.project ? { ...row, ...change } : row,
      ),
    );
  };

  /**
   * Shows `initial` and runs `work` for every instance at once; a failure ends that instance's
   * row with LXD's error. Then the lists are refreshed and the outcome is notified.
   */
  const runEach = async <I extends Instance>(
    instances: readonly I[],
    initial: R[],
    work: (instance: I) => Promise<void>,
    doneStep: string,
  ) => {
    setRows(initial);
    const outcome = await runBulk(instances, async (instance) => {
      try {
        await work(instance);
        update(instance, { step: doneStep, done: true, error: undefined } as Partial<R>);
      } catch (error) {
        update(instance, { step: 'failed', done: true, error: messageOf(error) } as Partial<R>);
        throw error;
      }
    });
    void client.invalidateQueries({ queryKey: instanceKeys.all });
    const title = bulkSummary(outcome, INSTANCE_NOUN, verb);
    if (outcome.failed.length === 0) notify.success(title);
    else
      notify.failure(
        title,
        bulkFailures(outcome, (instance) => instance.name),
      );
  };

  const summary = finished
    ? bulkSummary(
        {
          done: rows.filter((row) => !row.error),
          failed: rows.flatMap((row) => (row.error ? [{ item: row, message: row.error }] : [])),
        },
        INSTANCE_NOUN,
        verb,
      )
    : undefined;
  return { rows, update, running, finished, summary, runEach };
}

/**
 * The dialog of a bulk move or copy: its form (`formId`) while choosing, then the progress; it
 * cannot be closed while the instances are on their way.
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
      onClose={() => {
        if (!progress.running) onClose();
      }}
      footer={
        progress.finished ? (
          <button type="button" className="p-button" onClick={onClose}>
            Done
          </button>
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
      {summary && (
        <p role="status" className="move-progress__summary">
          {summary}
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
