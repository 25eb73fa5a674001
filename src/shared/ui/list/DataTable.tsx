/**
 * The one table every list renders: sortable headers (buttons, `aria-sort`), optional selection
 * with a select-all header and shift-click ranges, an actions column, narrow-screen columns, and
 * row windowing for long lists with fixed-height rows (the DOM stays the same size at 10 or
 * 10,000 rows).
 */
import { Fragment, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { clsx } from '../clsx';
import { MOBILE_PX } from '../../layout/breakpoints';
import type { Selection } from './useListState';
import { useMediaQuery, useSettled } from './useListState';
import { useRowWindow } from './useRowWindow';
import { rowsOf, type GroupedEntry } from './grouping';
import { DataRow } from './DataRow';
import { GroupHeader, ignoreToggle } from './GroupHeader';
import { type ListColumn, type Noun, type SortState } from './types';

/** Lists longer than this render only the rows in view (when rows have a fixed height). */
export const WINDOW_FROM_ROWS = 60;
const OVERSCAN = 8;
/** About the height of the header row, above the first row in the scrolling element. */
const HEADER_HEIGHT = 40;
const SELECT_WIDTH_REM = 2.5;
/** What a column without a width gets at least before the table scrolls sideways. */
const FLEX_MIN_REM = 8;
export const NARROW_QUERY = `(max-width: ${String(MOBILE_PX - 0.02)}px)`;

export interface DataTableProps<T, E = undefined> {
  /** The table's accessible name ("Instances"). */
  label: string;
  rows: readonly T[];
  /** The columns to show, in order (the list has already dropped hidden ones). */
  columns: readonly ListColumn<T, E>[];
  rowKey: (row: T) => string;
  /** Names rows in the select-all label ("Select all 3 shown profiles"). */
  noun?: Noun;
  sort?: SortState | undefined;
  onSort?: (column: string) => void;
  /** Checkboxes per row and in the header; `disabledReason` keeps a row out of it. */
  selection?: Selection<T> & { disabledReason?: (row: T) => string | undefined };
  /** The last column's content (buttons acting on the row). */
  rowActions?: (row: T, extra: E) => ReactNode;
  /** Width of the actions column in rem. */
  actionsWidth?: number;
  /** Per-row context handed to cells (for example live state fetched for visible rows). */
  rowExtra?: (row: T) => E;
  /** The row's name, for its accessible name and its checkbox ("Select web1"). */
  rowLabel?: (row: T) => string;
  /** Extra text in the row's accessible name (its state: "web1 running"). */
  rowDescription?: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  /**
   * The label of the row's group (settings by category): the rows come ordered by group and a
   * header row (`<th scope="rowgroup">`) starts each group. Grouped lists are not windowed.
   */
  rowGroup?: (row: T) => string;
  /**
   * A row drawn as one cell across every column (what a journal says of a gap in it): its
   * content, or undefined for an ordinary row. Not with `rowGroup`.
   */
  fullRow?: (row: T) => ReactNode;
  /**
   * The rows by group (`groupRows`): a collapsible header row with the group's name and count
   * starts each group, and a row of several groups shows under each. Header rows are rows of
   * the window, so long grouped lists stay windowed. `rows` stays the rows shown (selection).
   */
  grouped?: { entries: readonly GroupedEntry<T>[]; onToggle: (key: string) => void } | undefined;
  /** Fixed row height in px: rows keep to one line and long lists are windowed. */
  rowHeight?: number;
  /** The rows in view, once scrolling pauses and the rows stay put (for fetching their details). */
  onVisibleRowsChange?: (rows: readonly T[]) => void;
  className?: string;
}

function SelectAll<T>({
  rows,
  rowKey,
  selection,
  noun,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  selection: NonNullable<DataTableProps<T>['selection']>;
  noun: Noun | undefined;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const { disabledReason } = selection;
  const selectable = disabledReason ? rows.filter((row) => !disabledReason(row)) : rows;
  const selectedShown = selectable.reduce(
    (count, row) => count + (selection.selected.has(rowKey(row)) ? 1 : 0),
    0,
  );
  const allSelected = selectable.length > 0 && selectedShown === selectable.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selectedShown > 0 && !allSelected;
  }, [selectedShown, allSelected]);
  const what = noun ? (selectable.length === 1 ? noun.one : noun.other) : 'rows';
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={
        allSelected ? 'Clear selection' : `Select all ${String(selectable.length)} shown ${what}`
      }
      checked={allSelected}
      disabled={selectable.length === 0}
      onChange={() => {
        selection.toggleAll(!allSelected);
      }}
    />
  );
}

export function DataTable<T, E = undefined>({
  label,
  rows,
  columns: declared,
  rowKey,
  noun,
  sort,
  onSort,
  selection,
  rowActions,
  actionsWidth = 6.5,
  rowExtra,
  rowLabel,
  rowDescription,
  rowClassName,
  rowGroup,
  fullRow,
  grouped,
  rowHeight,
  onVisibleRowsChange,
  className,
}: DataTableProps<T, E>) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const columns = useMemo(
    () => (narrow ? declared.filter((column) => (column.priority ?? 1) <= 1) : declared),
    [declared, narrow],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const entries = grouped?.entries;
  const onGroupToggle = grouped?.onToggle ?? ignoreToggle;
  const count = entries ? entries.length : rows.length;
  // Select all takes the rows drawn: grouped, those of the expanded groups.
  const drawnRows = useMemo(() => (entries ? rowsOf(entries) : rows), [entries, rows]);
  const windowed = rowHeight !== undefined && rowGroup === undefined && count > WINDOW_FROM_ROWS;
  const rowWindow = useRowWindow(scrollRef, {
    count: windowed ? count : 0,
    rowHeight: rowHeight ?? 0,
    offset: HEADER_HEIGHT,
    overscan: OVERSCAN,
  });
  const start = windowed ? rowWindow.start : 0;
  const end = windowed ? rowWindow.end : count;
  const visibleRange = windowed ? `${rowWindow.firstVisible}:${rowWindow.endVisible}` : 'all';
  const settled = useSettled(visibleRange);
  // New rows (a search narrowing them at each keystroke) are reported once they stay put too,
  // so typing asks for the details of the last result only; the first rows go out at once.
  const settledRows = useSettled(rows);
  const reported = settledRows.length === 0 ? rows : settledRows;
  const settledEntries = useSettled(entries);
  const reportedEntries = entries && (settledEntries ?? entries);
  useEffect(() => {
    if (!onVisibleRowsChange) return;
    if (settled === 'all') {
      onVisibleRowsChange(reportedEntries ? rowsOf(reportedEntries) : reported);
      return;
    }
    const [from = 0, to = 0] = settled.split(':').map(Number);
    onVisibleRowsChange(
      reportedEntries ? rowsOf(reportedEntries.slice(from, to)) : reported.slice(from, to),
    );
  }, [settled, reported, reportedEntries, onVisibleRowsChange]);

  const span = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);
  const minWidth =
    columns.reduce((sum, column) => sum + (column.width ?? FLEX_MIN_REM), 0) +
    (selection ? SELECT_WIDTH_REM : 0) +
    (rowActions ? actionsWidth : 0);
  const padTop = windowed ? rowWindow.paddingTop : 0;
  const padBottom = windowed ? rowWindow.paddingBottom : 0;
  const toggle = selection?.toggle;

  return (
    <div className="data-table-scroll" ref={scrollRef}>
      <table
        className={clsx('data-table', rowHeight !== undefined && 'data-table--fixed', className)}
        aria-label={label}
        aria-rowcount={windowed ? count + 1 : undefined}
        style={narrow ? undefined : { minWidth: `${String(minWidth)}rem` }}
      >
        <colgroup>
          {selection && <col style={{ width: `${String(SELECT_WIDTH_REM)}rem` }} />}
          {columns.map((column) => (
            <col
              key={column.id}
              style={column.width ? { width: `${String(column.width)}rem` } : undefined}
            />
          ))}
          {rowActions && <col style={{ width: `${String(actionsWidth)}rem` }} />}
        </colgroup>
        <thead>
          <tr aria-rowindex={windowed ? 1 : undefined}>
            {selection && (
              <th scope="col" className="data-table__select">
                <SelectAll rows={drawnRows} rowKey={rowKey} selection={selection} noun={noun} />
              </th>
            )}
            {columns.map((column) => {
              const sortable = column.sortValue !== undefined && onSort !== undefined;
              const active = sort?.column === column.id;
              const text = column.hiddenHeader ? (
                <span className="u-off-screen">{column.header}</span>
              ) : (
                column.header
              );
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={
                    clsx(column.className, column.align === 'right' && 'u-align--right') ||
                    undefined
                  }
                  aria-sort={sortable ? (active ? sort.direction : 'none') : undefined}
                >
                  {sortable ? (
                    <button
                      type="button"
                      className="p-table__sort-button data-table__sort"
                      onClick={() => {
                        onSort(column.id);
                      }}
                    >
                      {text}
                    </button>
                  ) : (
                    text
                  )}
                </th>
              );
            })}
            {rowActions && (
              <th scope="col" className="data-table__actions">
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden="true" className="data-table__spacer">
              <td colSpan={span} style={{ height: padTop }} />
            </tr>
          )}
          {entries?.slice(start, end).map((entry, offset) => {
            const rowIndex = windowed ? start + offset + 2 : undefined;
            if (entry.kind === 'group') {
              return (
                <GroupHeader<T>
                  key={`group\n${entry.group.key}`}
                  group={entry.group}
                  span={span}
                  rowIndex={rowIndex}
                  onToggle={onGroupToggle}
                />
              );
            }
            const key = rowKey(entry.row);
            return (
              <DataRow<T, E>
                key={`${entry.group}\n${key}`}
                row={entry.row}
                extra={rowExtra ? rowExtra(entry.row) : (undefined as E)}
                columns={columns}
                rowIndex={rowIndex}
                selected={selection ? selection.selected.has(key) : undefined}
                disabledReason={selection?.disabledReason?.(entry.row)}
                label={rowLabel?.(entry.row)}
                description={rowDescription?.(entry.row)}
                className={rowClassName?.(entry.row)}
                onToggle={toggle}
                rowActions={rowActions}
              />
            );
          })}
          {!entries &&
            rows.slice(start, end).map((row, offset) => {
              const key = rowKey(row);
              const whole = fullRow?.(row);
              if (whole !== undefined && rowGroup === undefined) {
                return (
                  <tr
                    key={key}
                    aria-rowindex={windowed ? start + offset + 2 : undefined}
                    className={clsx('data-table__full-row', rowClassName?.(row))}
                  >
                    <td colSpan={span}>{whole}</td>
                  </tr>
                );
              }
              const group = rowGroup?.(row);
              const previous = offset > 0 ? rows[start + offset - 1] : undefined;
              const startsGroup =
                group !== undefined && (previous === undefined || rowGroup?.(previous) !== group);
              const dataRow = (
                <DataRow<T, E>
                  key={key}
                  row={row}
                  extra={rowExtra ? rowExtra(row) : (undefined as E)}
                  columns={columns}
                  rowIndex={windowed ? start + offset + 2 : undefined}
                  selected={selection ? selection.selected.has(key) : undefined}
                  disabledReason={selection?.disabledReason?.(row)}
                  label={rowLabel?.(row)}
                  description={rowDescription?.(row)}
                  className={rowClassName?.(row)}
                  onToggle={toggle}
                  rowActions={rowActions}
                />
              );
              if (rowGroup === undefined) return dataRow;
              // Always a fragment, so a row that starts or stops starting a group keeps its state.
              return (
                <Fragment key={key}>
                  {startsGroup && (
                    <tr className="data-table__group">
                      <th scope="rowgroup" colSpan={span}>
                        {group}
                      </th>
                    </tr>
                  )}
                  {dataRow}
                </Fragment>
              );
            })}
          {padBottom > 0 && (
            <tr aria-hidden="true" className="data-table__spacer">
              <td colSpan={span} style={{ height: padBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
