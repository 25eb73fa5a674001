import { useEffect, useMemo, useRef } from 'react';
import { activityKey } from '../actions/activity';
import type { InstanceListItem } from '../queries';
import type { ColumnDef, ColumnId, SortState } from './columns';
import { InstanceRow } from './InstanceRow';
import type { RowAction } from './RowActions';
import { useRowDetails, useSettled } from './useRowDetails';
import { useRowWindow } from './useRowWindow';

/** Fixed row height in px (matches .instances-table tbody tr in list.scss). */
export const ROW_HEIGHT = 44;
const OVERSCAN = 8;
/** About the height of the header row, above the first row in the scrolling element. */
const HEADER_HEIGHT = 40;
const LIVE_COLUMNS: ReadonlySet<ColumnId> = new Set(['ipv4', 'ipv6', 'memory', 'disk']);

export function InstanceTable({
  items,
  columns,
  selected,
  sort,
  onSort,
  onToggle,
  onToggleAll,
  onAction,
}: {
  items: readonly InstanceListItem[];
  columns: readonly ColumnDef[];
  selected: ReadonlySet<string>;
  sort: SortState;
  onSort: (column: ColumnId) => void;
  onToggle: (item: InstanceListItem, range: boolean) => void;
  onToggleAll: (select: boolean) => void;
  onAction: (action: RowAction, item: InstanceListItem) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const allRef = useRef<HTMLInputElement>(null);
  const rows = useRowWindow(scrollRef, {
    count: items.length,
    rowHeight: ROW_HEIGHT,
    offset: HEADER_HEIGHT,
    overscan: OVERSCAN,
  });
  const settled = useSettled(`${rows.firstVisible}:${rows.endVisible}`);
  const [settledStart = 0, settledEnd = 0] = settled.split(':').map(Number);
  const visible = useMemo(
    () => items.slice(settledStart, settledEnd),
    [items, settledStart, settledEnd],
  );
  const details = useRowDetails(visible, {
    state: columns.some((column) => LIVE_COLUMNS.has(column.id)),
    snapshots: columns.some((column) => column.id === 'snapshots'),
  });

  const selectedShown = items.reduce(
    (count, item) => count + (selected.has(activityKey(item.project, item.name)) ? 1 : 0),
    0,
  );
  const allSelected = items.length > 0 && selectedShown === items.length;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = selectedShown > 0 && !allSelected;
  }, [selectedShown, allSelected]);

  const { paddingTop, paddingBottom } = rows;
  const span = columns.length + 2;
  const fixedRem = columns.reduce((sum, column) => sum + column.width, 0);

  return (
    <div className="instances-table-scroll" ref={scrollRef}>
      <table
        className="instances-table"
        aria-label="Instances"
        aria-rowcount={items.length + 1}
        style={{ minWidth: `${fixedRem + 2.5 + 6.5 + 4}rem` }}
      >
        <colgroup>
          <col style={{ width: '2.5rem' }} />
          {columns.map((column) => (
            <col
              key={column.id}
              style={column.width > 0 ? { width: `${column.width}rem` } : undefined}
            />
          ))}
          <col style={{ width: '6.5rem' }} />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th className="instances-table__select" scope="col">
              <input
                ref={allRef}
                type="checkbox"
                aria-label={
                  allSelected ? 'Clear selection' : `Select all ${items.length} shown instances`
                }
                checked={allSelected}
                disabled={items.length === 0}
                onChange={() => {
                  onToggleAll(!allSelected);
                }}
              />
            </th>
            {columns.map((column) => {
              const active = sort.column === column.id;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={`instances-table__${column.id}`}
                  aria-sort={column.sortable ? (active ? sort.direction : 'none') : undefined}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      className="p-table__sort-button"
                      onClick={() => {
                        onSort(column.id);
                      }}
                    >
                      {column.label}
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
            <th scope="col" className="instances-table__actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="instances-table__spacer">
              <td colSpan={span} style={{ height: paddingTop }} />
            </tr>
          )}
          {items.slice(rows.start, rows.end).map((item, offset) => {
            const key = activityKey(item.project, item.name);
            return (
              <InstanceRow
                key={key}
                item={item}
                columns={columns}
                rowIndex={rows.start + offset + 2}
                selected={selected.has(key)}
                onToggle={onToggle}
                onAction={onAction}
                {...details(item)}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="instances-table__spacer">
              <td colSpan={span} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
