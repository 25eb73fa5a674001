/** Column shapes most lists share, so a declaration says only what differs. */
import { useMemo, type ReactNode } from 'react';
import { DataTable, type DataTableProps } from './DataTable';
import { sortRows } from './sort';
import type { ListColumn, SortState } from './types';
import { useLocalSort } from './useListState';

/**
 * A sortable column of text, cut to one line with the full text in a title. `options` adds
 * width, priority and the rest (and may replace the cell).
 */
export function textColumn<T, E = undefined>(
  id: string,
  header: string,
  value: (row: T) => string | number,
  options: Partial<Omit<ListColumn<T, E>, 'id' | 'header'>> = {},
): ListColumn<T, E> {
  return {
    id,
    header,
    sortValue: value,
    cell: (row) => {
      const text = String(value(row));
      return <span title={text}>{text}</span>;
    },
    ...options,
  };
}

/**
 * A table inside a page (a detail tab, a card): sorted by its headers, the order kept in the
 * component, and a line of text instead of an empty table.
 */
export function SortedTable<T, E = undefined>({
  initialSort,
  empty,
  rows,
  columns,
  rowKey,
  ...table
}: Omit<DataTableProps<T, E>, 'sort' | 'onSort'> & { initialSort: SortState; empty: ReactNode }) {
  const [sort, onSort] = useLocalSort(initialSort);
  const sorted = useMemo(
    () => sortRows(rows, columns, sort, rowKey),
    [rows, columns, sort, rowKey],
  );
  if (rows.length === 0) return <p className="u-text--muted">{empty}</p>;
  return (
    <DataTable<T, E>
      {...table}
      rows={sorted}
      columns={columns}
      rowKey={rowKey}
      sort={sort}
      onSort={onSort}
    />
  );
}
