import { describe, expect, it } from 'vitest';
import { formatSort, nextSort, parseSort, sortRows } from './sort';
import type { ListColumn } from './types';

interface Row {
  name: string;
  size: number;
}
const columns: ListColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name },
  { id: 'size', header: 'Size', cell: (row) => row.size, sortValue: (row) => row.size },
  { id: 'note', header: 'Note', cell: () => '' },
];
const rows: Row[] = [
  { name: 'web-10', size: 5 },
  { name: 'web-2', size: 30 },
  { name: 'db', size: 5 },
];
const names = (sorted: Row[]) => sorted.map((row) => row.name);
const byName = (row: Row) => row.name;

describe('sortRows', () => {
  it('sorts text naturally (web-2 before web-10), both ways', () => {
    expect(
      names(sortRows(rows, columns, { column: 'name', direction: 'ascending' }, byName)),
    ).toEqual(['db', 'web-2', 'web-10']);
    expect(
      names(sortRows(rows, columns, { column: 'name', direction: 'descending' }, byName)),
    ).toEqual(['web-10', 'web-2', 'db']);
  });

  it('sorts numbers as numbers and breaks ties by the row identity', () => {
    expect(
      names(sortRows(rows, columns, { column: 'size', direction: 'ascending' }, byName)),
    ).toEqual(['db', 'web-10', 'web-2']);
  });

  it('keeps the order for an unsortable column and returns a copy', () => {
    const sorted = sortRows(rows, columns, { column: 'note', direction: 'ascending' }, byName);
    expect(names(sorted)).toEqual(names(rows));
    expect(sorted).not.toBe(rows);
  });
});

describe('the sort parameter', () => {
  const fallback = { column: 'name', direction: 'ascending' } as const;
  it('reads name and -name, refusing unknown or unsortable columns', () => {
    expect(parseSort('-size', columns, fallback)).toEqual({
      column: 'size',
      direction: 'descending',
    });
    expect(parseSort('note', columns, fallback)).toBe(fallback);
    expect(parseSort('nope', columns, fallback)).toBe(fallback);
    expect(parseSort(null, columns, fallback)).toBe(fallback);
  });

  it('writes descending with a leading minus', () => {
    expect(formatSort({ column: 'size', direction: 'descending' })).toBe('-size');
    expect(formatSort({ column: 'size', direction: 'ascending' })).toBe('size');
  });

  it('flips the same column and starts another ascending', () => {
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'name').direction).toBe(
      'descending',
    );
    expect(nextSort({ column: 'name', direction: 'descending' }, 'name').direction).toBe(
      'ascending',
    );
    expect(nextSort({ column: 'name', direction: 'descending' }, 'size')).toEqual({
      column: 'size',
      direction: 'ascending',
    });
  });
});
