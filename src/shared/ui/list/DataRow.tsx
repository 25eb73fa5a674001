/** One data row of the shared table, memoized so that a render that changes no row is cheap. */
import { memo, type ReactNode } from 'react';
import { clsx } from '../clsx';
import type { ListColumn } from './types';

interface RowProps<T, E> {
  row: T;
  extra: E;
  columns: readonly ListColumn<T, E>[];
  rowIndex: number | undefined;
  selected: boolean | undefined;
  disabledReason: string | undefined;
  label: string | undefined;
  description: string | undefined;
  className: string | undefined;
  onToggle: ((row: T, range: boolean) => void) | undefined;
  rowActions: ((row: T, extra: E) => ReactNode) | undefined;
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) =>
    Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

function DataRowImpl<T, E>({
  row,
  extra,
  columns,
  rowIndex,
  selected,
  disabledReason,
  label,
  description,
  className,
  onToggle,
  rowActions,
}: RowProps<T, E>) {
  return (
    <tr
      aria-rowindex={rowIndex}
      aria-label={label === undefined ? undefined : [label, description].filter(Boolean).join(' ')}
      className={clsx(className, selected && 'is-selected')}
    >
      {onToggle && (
        <td className="data-table__select">
          <input
            type="checkbox"
            aria-label={`Select ${label ?? ''}`.trim()}
            checked={selected ?? false}
            disabled={disabledReason !== undefined}
            title={disabledReason}
            readOnly
            onClick={(event) => {
              onToggle(row, event.shiftKey);
            }}
          />
        </td>
      )}
      {columns.map((column) => {
        const cellClass = clsx(column.className, column.align === 'right' && 'u-align--right');
        return column.rowHeader ? (
          <th scope="row" key={column.id} className={cellClass || undefined}>
            {column.cell(row, extra)}
          </th>
        ) : (
          <td key={column.id} className={cellClass || undefined}>
            {column.cell(row, extra)}
          </td>
        );
      })}
      {rowActions && <td className="data-table__actions">{rowActions(row, extra)}</td>}
    </tr>
  );
}

export const DataRow = memo(
  DataRowImpl,
  (previous, next) =>
    previous.row === next.row &&
    previous.columns === next.columns &&
    previous.rowIndex === next.rowIndex &&
    previous.selected === next.selected &&
    previous.disabledReason === next.disabledReason &&
    previous.label === next.label &&
    previous.description === next.description &&
    previous.className === next.className &&
    previous.onToggle === next.onToggle &&
    previous.rowActions === next.rowActions &&
    shallowEqual(previous.extra, next.extra),
) as typeof DataRowImpl;
