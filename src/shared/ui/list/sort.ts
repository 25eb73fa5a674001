/** Sorting by a column's value, and the `?sort=name` / `?sort=-name` URL form. No React. */
import type { ListColumn, SortState } from './types';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * A sorted copy. Ties keep the order of `tieBreak` (the row's identity), so rows never swap
 * places between renders. An unknown or unsortable column leaves the order as it is.
 */
export function sortRows<T, E>(
  rows: readonly T[],
  columns: readonly ListColumn<T, E>[],
  sort: SortState | undefined,
  tieBreak: (row: T) => string,
): T[] {
  const value = columns.find((column) => column.id === sort?.column)?.sortValue;
  if (!sort || !value) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: value(row), tie: tieBreak(row) }));
  keyed.sort((a, b) => sign * compareValues(a.key, b.key) || collator.compare(a.tie, b.tie));
  return keyed.map((entry) => entry.row);
}

/** Reads `name` / `-name`; a column that is unknown or unsortable gives `fallback`. */
export function parseSort<T, E>(
  value: string | null,
  columns: readonly ListColumn<T, E>[],
  fallback: SortState | undefined,
): SortState | undefined {
  if (!value) return fallback;
  const descending = value.startsWith('-');
  const id = descending ? value.slice(1) : value;
  const known = columns.some((column) => column.id === id && column.sortValue !== undefined);
  if (!known) return fallback;
  return { column: id, direction: descending ? 'descending' : 'ascending' };
}

export function formatSort(sort: SortState): string {
  return sort.direction === 'descending' ? `-${sort.column}` : sort.column;
}

/** A header click: the same column flips direction, another column starts ascending. */
export function nextSort(current: SortState | undefined, column: string): SortState {
  const direction =
    current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending';
  return { column, direction };
}

export const sameSort = (a: SortState | undefined, b: SortState | undefined) =>
  a?.column === b?.column && a?.direction === b?.direction;
