import { formatDate } from '../../../shared/format/dates';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import type { LxdWarning, WarningSeverity, WarningStatus } from '../api';

const SEVERITY_CLASS: Record<WarningSeverity, string> = {
  high: 'p-status-label--negative',
  moderate: 'p-status-label--caution',
  low: 'p-status-label--information',
};

const STATUS_CLASS: Record<WarningStatus, string> = {
  new: 'p-status-label--caution',
  acknowledged: 'p-status-label',
  resolved: 'p-status-label--positive',
};

interface WarningsTableProps {
  warnings: readonly LxdWarning[];
  busy: ReadonlySet<string>;
  onAcknowledge: (warning: LxdWarning) => void;
  /** Runs after confirmation; a rejection shows its message in the dialog. */
  onDelete: (warning: LxdWarning) => Promise<unknown>;
}

export function WarningsTable({ warnings, busy, onAcknowledge, onDelete }: WarningsTableProps) {
  return (
    <table aria-label="Warnings" className="warnings-table">
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Last message</th>
          <th scope="col">Status</th>
          <th scope="col">Severity</th>
          <th scope="col" className="warnings-number">
            Count
          </th>
          <th scope="col">Project</th>
          <th scope="col" className="warnings-date">
            First seen
          </th>
          <th scope="col" className="warnings-date">
            Last seen
          </th>
          <th scope="col" className="warnings-actions">
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {warnings.map((warning) => (
          <tr key={warning.uuid}>
            <th scope="row" className="warnings-type">
              {warning.type}
            </th>
            <td className="warnings-message">{warning.last_message}</td>
            <td>
              <span className={STATUS_CLASS[warning.status]}>{warning.status}</span>
            </td>
            <td>
              <span className={SEVERITY_CLASS[warning.severity]}>{warning.severity}</span>
            </td>
            <td className="warnings-number">{warning.count}</td>
            <td>{warning.project || '-'}</td>
            <td className="warnings-date">
              <time dateTime={warning.first_seen_at}>{formatDate(warning.first_seen_at)}</time>
            </td>
            <td className="warnings-date">
              <time dateTime={warning.last_seen_at}>{formatDate(warning.last_seen_at)}</time>
            </td>
            <td className="warnings-actions">
              {warning.status !== 'acknowledged' && (
                <button
                  type="button"
                  className="p-button is-small"
                  disabled={busy.has(warning.uuid)}
                  aria-label={`Acknowledge warning: ${warning.type}`}
                  onClick={() => {
                    onAcknowledge(warning);
                  }}
                >
                  Acknowledge
                </button>
              )}
              <ConfirmButton
                label={
                  <>
                    Delete <span className="u-off-screen">warning: {warning.type}</span>
                  </>
                }
                title="Delete warning"
                message={
                  <p>
                    Delete the warning <strong>{warning.type}</strong>? LXD raises it again if the
                    problem comes back.
                  </p>
                }
                confirmLabel="Delete"
                danger
                className="p-button--negative is-small"
                disabled={busy.has(warning.uuid)}
                onConfirm={() => onDelete(warning)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
