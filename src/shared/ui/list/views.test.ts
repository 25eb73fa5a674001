import { describe, expect, it } from 'vitest';
import type { ListColumn } from './types';
import {
  deleteView,
  formatColumnsParam,
  parseColumnsParam,
  readViews,
  renameView,
  saveView,
  validateViewName,
  viewLink,
  viewsKey,
  writeViews,
} from './views';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    items,
  };
}

const columns: ListColumn<unknown>[] = [
  { id: 'name', header: 'Name', alwaysShown: true, cell: () => null },
  { id: 'status', header: 'Status', cell: () => null },
  { id: 'tags', header: 'Tags', hiddenByDefault: true, cell: () => null },
  { id: 'memory', header: 'Memory', cell: () => null },
];

describe('the view store', () => {
  it('keeps views per list, user and remote', () => {
    const storage = memoryStorage();
    const alice = viewsKey('instances', { user: 'alice', remote: 'local' });
    const bob = viewsKey('instances', { user: 'bob', remote: 'local' });
    const aliceElsewhere = viewsKey('instances', { user: 'alice', remote: 'cluster' });
    expect(new Set([alice, bob, aliceElsewhere]).size).toBe(3);
    expect(alice).toBe('lxd-console.instances.views.local.alice');
    writeViews(storage, alice, saveView([], 'Web', 'group=tag'));
    expect(readViews(storage, alice)).toEqual([{ name: 'Web', query: 'group=tag' }]);
    expect(readViews(storage, bob)).toEqual([]);
    expect(readViews(storage, aliceElsewhere)).toEqual([]);
    storage.setItem(bob, 'not json');
    expect(readViews(storage, bob)).toEqual([]);
  });

  it('saves, renames and deletes, sorted by name', () => {
    let views = saveView([], 'web', 'search=web');
    views = saveView(views, ' db ', 'search=db');
    expect(views.map((view) => view.name)).toEqual(['db', 'web']);
    views = renameView(views, 'web', 'apps');
    expect(views).toEqual([
      { name: 'apps', query: 'search=web' },
      { name: 'db', query: 'search=db' },
    ]);
    expect(deleteView(views, 'APPS')).toEqual([{ name: 'db', query: 'search=db' }]);
  });

  it('says what is wrong with a name', () => {
    const views = saveView([], 'Web', '');
    expect(validateViewName('  ', views)).toBe('Enter a name for the view.');
    expect(validateViewName('web', views)).toBe('A view named "Web" already exists.');
    expect(validateViewName('x'.repeat(61), views)).toBe('A view name is at most 60 characters.');
    expect(validateViewName('web', views, 'Web')).toBeUndefined();
    expect(validateViewName('db', views)).toBeUndefined();
  });

  it('round-trips the shown columns through columns=', () => {
    const hidden = new Set(['memory']);
    const param = formatColumnsParam(columns, hidden);
    expect(param).toBe('status,tags');
    expect(parseColumnsParam(param, columns)).toEqual(hidden);
    expect(parseColumnsParam('', columns)).toEqual(new Set(['status', 'tags', 'memory']));
    const query = new URLSearchParams({
      search: 'web',
      sort: '-name',
      group: 'tag',
      columns: param,
    });
    const link = viewLink('https://console', '/ui/project/default/instances', query.toString());
    const back = new URL(link).searchParams;
    expect(back.get('search')).toBe('web');
    expect(back.get('group')).toBe('tag');
    expect(parseColumnsParam(back.get('columns') ?? '', columns)).toEqual(hidden);
  });
});
