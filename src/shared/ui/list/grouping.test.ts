import { describe, expect, it } from 'vitest';
import { fastestRun } from '../../../testing/timing';
import { groupHeading, groupRows, NO_GROUP } from './grouping';

interface Row {
  name: string;
  tags: string[];
}
const rows: Row[] = [
  { name: 'a', tags: ['web', 'db'] },
  { name: 'b', tags: [] },
  { name: 'c', tags: ['web'] },
  { name: 'd', tags: ['db10', 'db9'] },
];

describe('groupRows', () => {
  it('puts a row of several groups under each, the rows of none last, with counts', () => {
    const { groups, entries } = groupRows(rows, (row) => row.tags, { emptyLabel: 'No tag' });
    expect(groups.map((group) => groupHeading(group))).toEqual([
      'db (1)',
      'db9 (1)',
      'db10 (1)',
      'web (2)',
      'No tag (1)',
    ]);
    expect(groups.at(-1)?.key).toBe(NO_GROUP);
    expect(
      entries.map((entry) => (entry.kind === 'group' ? `[${entry.group.label}]` : entry.row.name)),
    ).toEqual(['[db]', 'a', '[db9]', 'd', '[db10]', 'd', '[web]', 'a', 'c', '[No tag]', 'b']);
  });

  it('keeps the rows order inside a group and leaves collapsed groups as their header', () => {
    const { groups, entries } = groupRows(rows, (row) => (row.tags[0] ?? '') || undefined, {
      emptyLabel: 'No value',
      collapsed: new Set(['web']),
    });
    expect(groups.find((group) => group.key === 'web')).toMatchObject({
      collapsed: true,
      rows: [rows[0], rows[2]],
    });
    expect(
      entries.map((entry) => (entry.kind === 'group' ? `[${entry.group.label}]` : entry.row.name)),
    ).toEqual(['[db10]', 'd', '[web]', '[No value]', 'b']);
  });

  it('is one pass: 10,000 rows group in well under a frame budget of work', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      name: `i${String(index)}`,
      tags: [`t${String(index % 50)}`, 'all'],
    }));
    const group = () => groupRows(many, (row) => row.tags, { emptyLabel: 'No tag' });
    expect(fastestRun(group)).toBeLessThan(200);
    const { groups, entries } = group();
    expect(groups).toHaveLength(51);
    expect(groups.find((group) => group.key === 'all')?.rows).toHaveLength(10_000);
    expect(entries).toHaveLength(51 + 20_000);
  });
});
