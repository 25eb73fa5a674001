import { useId, useMemo } from 'react';
import { Link } from '../../../shared/routing/router';
import type { OperationStatus } from '../../../lxd/types/operation';
import { formatDate } from '../../../shared/format/dates';
import { GatedButton } from '../../../shared/ui/Gated';
import { ResourceName, type ResourceType } from '../../../shared/ui/ResourceIcon';
import {
  DataTable,
  sortRows,
  type ListColumn,
  type SortState,
  textColumn,
} from '../../../shared/ui/list';
import type { ProjectOperation } from '../../../lxd/types/operation';
import { timestampValue } from '../queries';
import { operationResourceLinks, type OperationResourceKind } from '../resources';

const KIND_ICON: Record<OperationResourceKind, ResourceType> = {
  instance: 'instance',
  'instance snapshot': 'snapshot',
  image: 'image',
  'storage volume': 'volume',
  'storage volume snapshot': 'snapshot',
};

const STATUS_CLASS: Partial<Record<OperationStatus, string>> = {
  Success: 'p-status-label--positive',
  Failure: 'p-status-label--negative',
  Running: 'p-status-label--information',
  Pending: 'p-status-label--caution',
  Cancelling: 'p-status-label--caution',
};

/** Every group starts newest first; a header click sorts all three groups alike. */
export const DEFAULT_SORT: SortState = { column: 'created', direction: 'descending' };

const describe = (operation: ProjectOperation) => operation.description || operation.id;
const rowKey = (operation: ProjectOperation) => operation.id;

function Resources({ operation }: { operation: ProjectOperation }) {
  const links = operationResourceLinks(operation);
  if (links.length === 0) return null;
  return (
    <ul className="p-list operations-resources">
      {links.map((link) => (
        <li key={`${link.kind}-${link.to}-${link.label}`} className="p-list__item">
          <ResourceName type={KIND_ICON[link.kind]}>
            <Link to={link.to} title={link.kind}>
              {link.label}
            </Link>
          </ResourceName>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: readonly ListColumn<ProjectOperation>[] = [
  {
    id: 'description',
    header: 'Description',
    rowHeader: true,
    sortValue: describe,
    cell: (operation) => (
      <>
        {describe(operation)}
        <span className="operations-id">{operation.id}</span>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    width: 8,
    sortValue: (operation) => operation.status,
    cell: (operation) => (
      <span className={STATUS_CLASS[operation.status] ?? 'p-status-label'}>{operation.status}</span>
    ),
  },
  textColumn('project', 'Project', (operation) => operation.project, { width: 8, priority: 2 }),
  {
    id: 'created',
    header: 'Created',
    width: 11,
    priority: 2,
    sortValue: (operation) => timestampValue(operation.created_at),
    cell: (operation) => (
      <time dateTime={operation.created_at}>{formatDate(operation.created_at)}</time>
    ),
  },
  {
    id: 'resources',
    header: 'Resources',
    width: 10,
    priority: 2,
    cell: (operation) => <Resources operation={operation} />,
  },
];

const WITH_ERROR: readonly ListColumn<ProjectOperation>[] = [
  ...COLUMNS,
  textColumn('error', 'Error', (operation) => operation.err, { className: 'operations-error' }),
];

interface OperationsTableProps {
  title: string;
  /** The table's accessible name. */
  label: string;
  operations: readonly ProjectOperation[];
  showError?: boolean;
  sort: SortState | undefined;
  onSort: (column: string) => void;
  /** Shows a Cancel button for operations that may be cancelled. */
  onCancel?: ((operation: ProjectOperation) => void) | undefined;
  /** Why the identity may not cancel an operation (spec §6), if so. */
  cancelReason?: ((operation: ProjectOperation) => string | undefined) | undefined;
}

/** One group of operations (failure, running or success), newest first by default. */
export function OperationsTable({
  title,
  label,
  operations,
  showError = false,
  sort,
  onSort,
  onCancel,
  cancelReason,
}: OperationsTableProps) {
  const headingId = useId();
  const columns = showError ? WITH_ERROR : COLUMNS;
  const rows = useMemo(
    () => sortRows(operations, columns, sort, rowKey),
    [operations, columns, sort],
  );
  const rowActions = useMemo(
    () =>
      onCancel &&
      ((operation: ProjectOperation) =>
        operation.may_cancel &&
        operation.status === 'Running' && (
          <GatedButton
            className="p-button is-small"
            aria-label={`Cancel operation: ${describe(operation)}`}
            reason={cancelReason?.(operation)}
            onClick={() => {
              onCancel(operation);
            }}
          >
            Cancel
          </GatedButton>
        )),
    [onCancel, cancelReason],
  );
  if (operations.length === 0) return null;
  return (
    <section className="operations-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="p-heading--5">
        {title} <span className="p-badge">{operations.length}</span>
      </h2>
      <DataTable
        label={label}
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        sort={sort}
        onSort={onSort}
        rowActions={rowActions}
        className="operations-table"
      />
    </section>
  );
}
