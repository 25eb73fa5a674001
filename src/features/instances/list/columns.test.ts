import { describe, expect, it } from 'vitest';
import {
  columnPrefsKey,
  readHiddenColumns,
  toggleHidden,
  writeHiddenColumns,
} from '../../../shared/ui/list/columnPrefs';
import { parseSort, sortRows } from '../../../shared/ui/list/sort';
import type { InstanceListItem } from '../list-item';
import { activityKey } from '../actions/activity';
import { availableColumns, COLUMNS, DEFAULT_SORT, INSTANCE_LIST_ID } from './columns';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
    data,
  };
}

const item = (name: string, over: Partial<InstanceListItem> = {}): InstanceListItem => ({
  name,
  project: 'default',
  type: 'container',
  status: 'Running',
  description: '',
  location: 'none',
  profiles: ['default'],
  created_at: '',
  last_used_at: '',
  config: {},
  ...over,
});

const KEY = 'lxd-console.instances.hidden-columns';
const column = (id: string) => {
  const found = COLUMNS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};
const read = (storage: Parameters<typeof readHiddenColumns>[0]) =>
  readHiddenColumns(storage, INSTANCE_LIST_ID, COLUMNS);
const sorted = (items: InstanceListItem[], sort: string | null) =>
  sortRows(items, COLUMNS, parseSort(sort, COLUMNS, DEFAULT_SORT), (row) =>
    activityKey(row.project, row.name),
  ).map((row) => row.name);

describe('instance list columns', () => {
  it('hides IPv6, disk and profiles until the user chooses', () => {
    expect(columnPrefsKey(INSTANCE_LIST_ID)).toBe(KEY);
    expect([...read(memoryStorage())].sort()).toEqual(['disk', 'ipv6', 'profiles', 'tags']);
  });

  it('remembers the choice in localStorage', () => {
    const storage = memoryStorage();
    const hidden = toggleHidden(toggleHidden(read(storage), column('disk')), column('type'));
    writeHiddenColumns(storage, INSTANCE_LIST_ID, hidden, COLUMNS);
    expect(JSON.parse(storage.data.get(KEY) ?? '')).toEqual({
      hidden: ['ipv6', 'profiles', 'tags', 'type'],
      shown: [
        'description',
        'disk',
        'ipv4',
        'location',
        'memory',
        'project',
        'snapshots',
        'status',
      ],
    });
    expect([...read(storage)].sort()).toEqual(['ipv6', 'profiles', 'tags', 'type']);
  });

  it('gives a column added since the choice its default, and keeps one the user showed', () => {
    // Saved before the Tags column existed: shown and hidden as chosen, Tags hidden by default.
    const before = { hidden: ['type'], shown: ['disk', 'ipv4', 'ipv6', 'memory', 'status'] };
    expect([...read(memoryStorage({ [KEY]: JSON.stringify(before) }))].sort()).toEqual([
      'profiles',
      'tags',
      'type',
    ]);
    // The old form (only the hidden ones): a column hidden by default stays hidden.
    expect([...read(memoryStorage({ [KEY]: '["type"]' }))].sort()).toEqual([
      'disk',
      'ipv6',
      'profiles',
      'tags',
      'type',
    ]);
  });

  it('never hides the name and survives bad or unknown values', () => {
    expect(toggleHidden(new Set(), column('name')).has('name')).toBe(false);
    expect([
      ...read(memoryStorage({ [KEY]: '{"hidden":["name","nope","memory"],"shown":["ipv6"]}' })),
    ]).toEqual(['memory', 'disk', 'profiles', 'tags']);
    expect(read(memoryStorage({ [KEY]: '{"shown":[]}' })).has('ipv6')).toBe(true);
    expect(read(memoryStorage({ [KEY]: '{' })).has('ipv6')).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(read(broken).has('ipv6')).toBe(true);
    expect(() => {
      writeHiddenColumns(broken, INSTANCE_LIST_ID, new Set(), COLUMNS);
    }).not.toThrow();
  });

  it('offers project in all-projects view and location on clusters only', () => {
    const ids = (allProjects: boolean, clustered: boolean) =>
      availableColumns({ allProjects, clustered }).map((c) => c.id);
    expect(ids(false, false)).not.toContain('project');
    expect(ids(false, false)).not.toContain('location');
    expect(ids(true, false)).toContain('project');
    expect(ids(false, true)).toContain('location');
  });

  it('keeps name and status on narrow screens', () => {
    expect(COLUMNS.filter((c) => (c.priority ?? 1) <= 1).map((c) => c.id)).toEqual([
      'name',
      'status',
    ]);
  });
});

describe('instance sorting', () => {
  it('sorts names naturally, both ways', () => {
    const items = [item('web-10'), item('web-2'), item('db')];
    expect(sorted(items, null)).toEqual(['db', 'web-2', 'web-10']);
    expect(sorted(items, '-name')).toEqual(['web-10', 'web-2', 'db']);
  });

  it('sorts by status with names breaking ties', () => {
    const items = [item('b', { status: 'Stopped' }), item('a', { status: 'Stopped' }), item('c')];
    expect(sorted(items, 'status')).toEqual(['c', 'a', 'b']);
  });

  it('refuses live-state columns as sort keys (known for visible rows only)', () => {
    expect(parseSort('-status', COLUMNS, DEFAULT_SORT)).toEqual({
      column: 'status',
      direction: 'descending',
    });
    expect(parseSort('memory', COLUMNS, DEFAULT_SORT)).toEqual(DEFAULT_SORT);
  });
});
