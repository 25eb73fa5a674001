import { describe, expect, it } from 'vitest';
import { nameOnlyItem, type InstanceListItem } from './list-item';
import { parseInstanceUrls, removeItem, upsertItem, withJournal, withNames } from './listData';

const detailed = (name: string, project = 'default'): InstanceListItem => {
  const item: InstanceListItem = { ...nameOnlyItem(project, name), status: 'Running' };
  delete item.pending;
  return item;
};

describe('the names-first list data', () => {
  it('reads the names and projects of a recursion=0 answer', () => {
    expect(
      parseInstanceUrls(['/1.0/instances/web1', '/1.0/instances/db%2D1?project=alpha'], undefined),
    ).toEqual([
      { project: 'default', name: 'web1' },
      { project: 'alpha', name: 'db-1' },
    ]);
    expect(parseInstanceUrls(['/1.0/instances/web1'], 'beta')).toEqual([
      { project: 'beta', name: 'web1' },
    ]);
  });

  it('keeps the details it knows, adds names only and drops what is gone', () => {
    const previous = { items: [detailed('a'), detailed('gone')], complete: true };
    const list = withNames(
      [
        { project: 'default', name: 'a' },
        { project: 'default', name: 'b' },
      ],
      previous,
      nameOnlyItem,
    );
    expect(list.items.map((item) => [item.name, item.pending ?? false])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(list.complete).toBe(false);
    expect(withNames([{ project: 'default', name: 'a' }], previous, nameOnlyItem).complete).toBe(
      true,
    );
  });

  it('replays the changes of events over a full list that was asked for before them', () => {
    const full = [detailed('a'), detailed('deleted')];
    const created = detailed('created');
    const changed = { ...detailed('a'), status: 'Stopped' as const };
    const journal = new Map<string, InstanceListItem | null>([
      ['default/deleted', null],
      ['default/created', created],
      ['default/a', changed],
    ]);
    expect(withJournal(full, journal)).toEqual([changed, created]);
  });

  it('upserts and removes one instance', () => {
    const list = { items: [detailed('a')], complete: true };
    expect(upsertItem(list, detailed('b')).items.map((item) => item.name)).toEqual(['a', 'b']);
    expect(upsertItem(list, { ...detailed('a'), status: 'Frozen' }).items[0]?.status).toBe(
      'Frozen',
    );
    expect(removeItem(list, 'default', 'a').items).toEqual([]);
    expect(removeItem(list, 'other', 'a')).toBe(list);
  });
});
