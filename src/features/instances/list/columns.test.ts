import { describe, expect, it } from 'vitest';
import type { InstanceListItem } from '../queries';
import {
  availableColumns,
  COLUMN_PREFS_KEY,
  formatSort,
  parseSort,
  readHiddenColumns,
  sortInstances,
  toggleColumn,
  writeHiddenColumns,
} from './columns';

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

describe('column preferences', () => {
  it('hides IPv6, disk and profiles until the user chooses', () => {
    expect([...readHiddenColumns(memoryStorage())].sort()).toEqual(['disk', 'ipv6', 'profiles']);
  });

  it('remembers the choice in localStorage', () => {
    const storage = memoryStorage();
    const hidden = toggleColumn(toggleColumn(readHiddenColumns(storage), 'disk'), 'type');
    writeHiddenColumns(storage, hidden);
    expect(storage.data.get(COLUMN_PREFS_KEY)).toBe('["ipv6","profiles","type"]');
    expect([...readHiddenColumns(storage)].sort()).toEqual(['ipv6', 'profiles', 'type']);
  });

  it('never hides the name and survives bad or unknown values', () => {
    expect(toggleColumn(new Set(), 'name').has('name')).toBe(false);
    const bad = memoryStorage({ [COLUMN_PREFS_KEY]: '["name","nope","memory"]' });
    expect([...readHiddenColumns(bad)]).toEqual(['memory']);
    expect(readHiddenColumns(memoryStorage({ [COLUMN_PREFS_KEY]: '{' })).has('ipv6')).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readHiddenColumns(broken).has('ipv6')).toBe(true);
    expect(() => writeHiddenColumns(broken, new Set())).not.toThrow();
  });

  it('offers project in all-projects view and location on clusters only', () => {
    const ids = (allProjects: boolean, clustered: boolean) =>
      availableColumns({ allProjects, clustered }).map((c) => c.id);
    expect(ids(false, false)).not.toContain('project');
    expect(ids(false, false)).not.toContain('location');
    expect(ids(true, false)).toContain('project');
    expect(ids(false, true)).toContain('location');
  });
});

describe('sorting', () => {
  it('sorts names naturally, both ways', () => {
    const items = [item('web-10'), item('web-2'), item('db')];
    expect(sortInstances(items, parseSort(null)).map((i) => i.name)).toEqual([
      'db',
      'web-2',
      'web-10',
    ]);
    expect(sortInstances(items, parseSort('-name')).map((i) => i.name)).toEqual([
      'web-10',
      'web-2',
      'db',
    ]);
  });

  it('sorts by status with names breaking ties', () => {
    const items = [item('b', { status: 'Stopped' }), item('a', { status: 'Stopped' }), item('c')];
    expect(sortInstances(items, parseSort('status')).map((i) => i.name)).toEqual(['c', 'a', 'b']);
  });

  it('reads and writes the sort parameter, refusing unsortable columns', () => {
    expect(parseSort('-status')).toEqual({ column: 'status', direction: 'descending' });
    expect(parseSort('memory')).toEqual({ column: 'name', direction: 'ascending' });
    expect(formatSort({ column: 'type', direction: 'descending' })).toBe('-type');
  });
});
