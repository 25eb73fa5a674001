/**
 * index.html paints an instance list's first rows before the console's code has run, with its
 * own copy of the list's columns (src/shared/ui/earlyList.ts); this keeps the copy the same as
 * the list's, so the picture and the list line up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnPrefsKey } from '../../../shared/ui/list/columnPrefs';
import { availableColumns, COLUMNS, DEFAULT_SORT, INSTANCE_LIST_ID } from './columns';

const html = readFileSync(path.resolve(__dirname, '../../../../index.html'), 'utf8');

type EarlyColumn = [string, string, number, 0 | 1, 0 | 1, 0 | 1 | 2];
const earlyColumns = (() => {
  const match = /var COLUMNS = (\[[\s\S]*?\]);/.exec(html);
  if (!match?.[1]) throw new Error('index.html has no early list columns');
  // A plain literal: single-quoted strings, numbers and trailing commas.
  return JSON.parse(match[1].replace(/'/g, '"').replace(/,(\s*\])/g, '$1')) as EarlyColumn[];
})();

const ids = (context: { allProjects: boolean; clustered: boolean }) =>
  new Set(availableColumns(context).map((column) => column.id));

describe("index.html's early list is the list's first look", () => {
  it('are the list’s columns: header, width, hidden by default, shown on narrow screens, where', () => {
    const plain = ids({ allProjects: false, clustered: false });
    const allProjects = ids({ allProjects: true, clustered: false });
    const clustered = ids({ allProjects: false, clustered: true });
    const expected: EarlyColumn[] = COLUMNS.map((column) => [
      column.id,
      column.header,
      column.width ?? 0,
      column.hiddenByDefault ? 1 : 0,
      (column.priority ?? 1) <= 1 ? 1 : 0,
      plain.has(column.id) ? 0 : allProjects.has(column.id) ? 1 : clustered.has(column.id) ? 2 : 0,
    ]);
    expect(earlyColumns).toEqual(expected);
  });

  it('are read with the list’s own remembered choice and in its first order', () => {
    expect(html).toContain(`'${columnPrefsKey(INSTANCE_LIST_ID)}'`);
    expect(DEFAULT_SORT).toEqual({ column: 'name', direction: 'ascending' });
    expect(html).toContain("new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })");
    const sortSource = readFileSync(
      path.resolve(__dirname, '../../../shared/ui/list/sort.ts'),
      'utf8',
    );
    expect(sortSource).toContain(
      "new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })",
    );
  });

  it('say what the list says: the same search help, placeholder, button and loading lines', () => {
    const source = ['InstanceListPage.tsx', 'EmptyStates.tsx']
      .map((file) => readFileSync(path.resolve(__dirname, file), 'utf8'))
      .join('\n');
    const texts = [
      'Filter with status:, type:, profile:, project:, location:, tag: or user.key=value; put - before a term to exclude it.',
      'Sorting by other columns than Name and filtering by status, type, profile, project, location or user keys wait for the details.',
      "'Search and filter'",
      'Create instance',
      'Loading details of ',
    ];
    for (const text of texts) {
      expect(html).toContain(text);
      expect(source).toContain(text);
    }
  });
});
