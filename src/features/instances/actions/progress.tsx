/**
 * What the bulk migrate and copy dialogs share: one progress row per instance, each instance's
 * work run side by side with its failure kept on its row, and the counted outcome as a
 * notification and in the dialog.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNotify } from '../../../shared/notifications';
import { ModalFormFooter } from '../../../shared/ui/ModalFormFooter';
import { instanceKeys } from '../keys';
import { bulkSummary } from './bulk';

export interface ProgressRow {
  name: string;
  project: string;
  step: string;
  /** LXD's error when the instance's work failed. */
  error?: string | undefined;
  done?: boolean;
}

type Instance = { name: string; project: string };

/** The rows, their state, and `runEach`, which runs the work and reports the outcome. */
export function useInstanceProgress<R extends ProgressRow>(verb: 'copied' | 'migrated') {
  const notify = useNotify();
  const client = useQueryClient();
  const [rows, setRows] = useState<R[]>();
  const running = rows !== undefined && rows.some((row) => !row.done);
  const finished = rows !== undefined && !running;
  const done = rows?.filter((row) => row.done && !row.error).length ?? 0;
  const failed = rows?.filter((row) => row.error).length ?? 0;

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
    const outcomes = await Promise.all(
      instances.map(async (instance) => {
        try {
          await work(instance);
          update(instance, { step: doneStep, done: true, error: undefined } as Partial<R>);
          return { instance, error: undefined };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          update(instance, { step: 'failed', done: true, error: message } as Partial<R>);
          return { instance, error: message };
        }
      }),
    );
    void client.invalidateQueries({ queryKey: instanceKeys.all });
    const failures = outcomes.filter((outcome) => outcome.error !== undefined);
    const title = bulkSummary(verb, {
      done: outcomes.length - failures.length,
      skipped: 0,
      failed: failures.length,
    });
    if (failures.length === 0) notify.success(title);
    else
      notify.failure(
        title,
        failures.map((outcome) => `${outcome.instance.name}: ${outcome.error}`).join('\n'),
      );
  };

  const summary = finished ? bulkSummary(verb, { done, skipped: 0, failed }) : undefined;
  return { rows, update, running, finished, summary, runEach };
}

/** Cancel and submit while choosing or running; Done once every instance has its outcome. */
export function ProgressFooter({
  formId,
  running,
  finished,
  reason,
  busyLabel,
  label,
  onClose,
}: {
  formId: string;
  running: boolean;
  finished: boolean;
  reason: string | undefined;
  busyLabel: string;
  label: string;
  onClose: () => void;
}) {
  if (finished) {
    return (
      <button type="button" className="p-button" onClick={onClose}>
        Done
      </button>
    );
  }
  return (
    <ModalFormFooter
      formId={formId}
      busy={running}
      busyLabel={busyLabel}
      submitLabel={label}
      onCancel={onClose}
      reason={reason}
    />
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
