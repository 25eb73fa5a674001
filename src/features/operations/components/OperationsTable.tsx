import { useId } from 'react';
import { Link } from 'react-router';
import type { OperationStatus } from '../../../lxd/types/operation';
import { formatDate } from '../../../shared/format/dates';
import type { ProjectOperation } from '../api';
import { operationResourceLinks } from '../resources';

const STATUS_CLASS: Partial<Record<OperationStatus, string>> = {
  Success: 'p-status-label--positive',
  Failure: 'p-status-label--negative',
  Running: 'p-status-label--information',
  Pending: 'p-status-label--caution',
  Cancelling: 'p-status-label--caution',
};

interface OperationsTableProps {
  title: string;
  /** The table's accessible name. */
  label: string;
  operations: readonly ProjectOperation[];
  showError?: boolean;
  /** Shows a Cancel button for operations that may be cancelled. */
  onCancel?: ((operation: ProjectOperation) => void) | undefined;
}

function Resources({ operation }: { operation: ProjectOperation }) {
  const links = operationResourceLinks(operation);
  if (links.length === 0) return null;
  return (
    <ul className="p-list operations-resources">
      {links.map((link) => (
        <li key={`${link.kind}-${link.to}-${link.label}`} className="p-list__item">
          <Link to={link.to} title={link.kind}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One group of operations (failure, running or success), newest first. */
export function OperationsTable({
  title,
  label,
  operations,
  showError = false,
  onCancel,
}: OperationsTableProps) {
  const headingId = useId();
  if (operations.length === 0) return null;
  return (
    <section className="operations-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="p-heading--5">
        {title} <span className="p-badge">{operations.length}</span>
      </h2>
      <div className="operations-scroll">
        <table aria-label={label} className="operations-table">
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Status</th>
              <th scope="col">Project</th>
              <th scope="col">Created</th>
              <th scope="col">Resources</th>
              {showError && <th scope="col">Error</th>}
              {onCancel && (
                <th scope="col" className="operations-actions">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {operations.map((operation) => (
              <tr key={operation.id}>
                <th scope="row" className="operations-description">
                  {operation.description || operation.id}
                  <span className="operations-id">{operation.id}</span>
                </th>
                <td>
                  <span className={STATUS_CLASS[operation.status] ?? 'p-status-label'}>
                    {operation.status}
                  </span>
                </td>
                <td>{operation.project}</td>
                <td>
                  <time dateTime={operation.created_at}>{formatDate(operation.created_at)}</time>
                </td>
                <td>
                  <Resources operation={operation} />
                </td>
                {showError && <td className="operations-error">{operation.err}</td>}
                {onCancel && (
                  <td className="operations-actions">
                    {operation.may_cancel && operation.status === 'Running' && (
                      <button
                        type="button"
                        className="p-button is-small"
                        aria-label={`Cancel operation: ${operation.description || operation.id}`}
                        onClick={() => {
                          onCancel(operation);
                        }}
                      >
                        Cancel
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
