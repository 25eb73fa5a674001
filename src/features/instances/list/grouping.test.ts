import { describe, expect, it } from 'vitest';
import { groupRows } from '../../../shared/ui/list';
import { nameOnlyItem, type InstanceListItem } from '../list-item';
import { instanceGrouping, userKeysOf } from './grouping';

const item = (
  name: string,
  config: Record<string, string>,
  over: Partial<InstanceListItem> = {},
) => ({
  ...nameOnlyItem('default', name),
  pending: undefined,
  status: 'Running' as const,
  config,
  ...over,
});

const rows = [
  item('a', { 'user.tags': 'web,db', 'user.team': 'blue' }),
  item('b', { 'user.team': 'red', 'limits.cpu': '1' }, { status: 'Stopped' }),
  item('c', { 'user.tags': 'web', 'user.zone': 'eu' }),
];

describe('instance grouping', () => {
  it('offers status, tag and the user keys the rows have; project and member where they apply', () => {
    expect(userKeysOf(rows)).toEqual(['user.team', 'user.zone']);
    const plain = instanceGrouping({ allProjects: false, clustered: false });
    expect(plain.options(rows).map((option) => option.value)).toEqual([
      'status',
      'tag',
      'user.team',
      'user.zone',
    ]);
    const wide = instanceGrouping({ allProjects: true, clustered: true });
    expect(wide.options([]).map((option) => option.value)).toEqual([
      'status',
      'project',
      'member',
      'tag',
    ]);
    expect(plain.groupsOf('nonsense')).toBeUndefined();
  });

  it('groups by status, tag (each of them) and a user key, with "No tag" and "No value"', () => {
    const grouping = instanceGrouping({ allProjects: false, clustered: false });
    const heads = (value: string) => {
      const groupsOf = grouping.groupsOf(value);
      if (!groupsOf) throw new Error(value);
      return groupRows(rows, groupsOf, { emptyLabel: grouping.emptyLabel(value) }).groups.map(
        (group) => `${group.label}:${group.rows.map((row) => row.name).join('')}`,
      );
    };
    expect(heads('status')).toEqual(['running:ac', 'stopped:b']);
    expect(heads('tag')).toEqual(['db:a', 'web:ac', 'No tag:b']);
    expect(heads('user.zone')).toEqual(['eu:c', 'No value:ab']);
  });
});
