import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useLocation } from '../../routing/router';
import { ResourceList } from './ResourceList';
import type { ListColumn } from './types';
import { useListView, type ListGrouping } from './useListView';

interface Box {
  name: string;
  tags: string[];
  memory: string;
}

const COLUMNS: ListColumn<Box>[] = [
  {
    id: 'name',
    header: 'Name',
    alwaysShown: true,
    rowHeader: true,
    sortValue: (box) => box.name,
    cell: (box) => box.name,
  },
  { id: 'memory', header: 'Memory', cell: (box) => box.memory },
];
const GROUPING: ListGrouping<Box> = {
  options: () => [{ value: 'tag', label: 'Tag' }],
  groupsOf: (value) => (value === 'tag' ? (box) => box.tags : undefined),
  emptyLabel: () => 'No tag',
};
const ROWS: Box[] = [
  { name: 'a', tags: ['web', 'db'], memory: '1 GiB' },
  { name: 'b', tags: [], memory: '2 GiB' },
  { name: 'c', tags: ['web'], memory: '3 GiB' },
];
const rowKey = (box: Box) => box.name;

function Location() {
  return <output aria-label="location">{useLocation().search}</output>;
}

function BoxList({ rows = ROWS }: { rows?: Box[] }) {
  const view = useListView({
    id: 'boxes',
    rows,
    columns: COLUMNS,
    rowKey,
    defaultSort: { column: 'name', direction: 'ascending' },
    grouping: GROUPING,
  });
  return (
    <ResourceList
      view={view}
      label="Boxes"
      noun={{ one: 'box', other: 'boxes' }}
      query={{ isPending: false, error: null, refetch: () => undefined }}
      rowLabel={(box) => box.name}
      bulkActions={() => <button type="button">Do</button>}
      views={{ user: 'alice', remote: 'local' }}
    />
  );
}

function renderAt(url: string, rows?: Box[]) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <BoxList {...(rows ? { rows } : {})} />
      <Location />
    </MemoryRouter>,
  );
}

afterEach(() => {
  localStorage.clear();
});

describe('a grouped list', () => {
  it('groups by the Group by choice, in the URL, with counts and a row under each of its groups', async () => {
    renderAt('/boxes');
    const groupBy = screen.getByRole('combobox', { name: 'Group by' });
    expect(
      within(groupBy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Tag']);
    await userEvent.selectOptions(groupBy, 'tag');
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('?group=tag');
    const table = screen.getByRole('table', { name: 'Boxes' });
    const headers = within(table)
      .getAllByRole('rowheader')
      .filter((cell) => cell.getAttribute('scope') === 'rowgroup')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['db (1)', 'web (2)', 'No tag (1)']);
    // a is under db and web; select all counts it once.
    expect(within(table).getAllByRole('checkbox', { name: 'Select a' })).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Select all 3 shown boxes' })).toBeTruthy();
  });

  it('collapses and expands a group', async () => {
    renderAt('/boxes?group=tag');
    const collapse = screen.getByRole('button', { name: 'Collapse web' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(collapse);
    const expand = screen.getByRole('button', { name: 'Expand web' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByRole('checkbox', { name: 'Select a' })).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: 'Select c' })).toBeNull();
    await userEvent.click(expand);
    expect(screen.getByRole('checkbox', { name: 'Select c' })).toBeTruthy();
  });

  it('select all and shift-click ranges take the rows as drawn, collapsed groups left out', async () => {
    const rows: Box[] = [
      { name: 'a', tags: ['web'], memory: '' },
      { name: 'b', tags: ['db'], memory: '' },
      { name: 'c', tags: ['web'], memory: '' },
      { name: 'd', tags: ['db'], memory: '' },
    ];
    renderAt('/boxes?group=tag', rows);
    // Drawn: db (b, d), then web (a, c). A range from d to a is d and a, not b and c.
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select d' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select a' }));
    await user.keyboard('{/Shift}');
    const checked = () =>
      ['a', 'b', 'c', 'd'].filter(
        (name) =>
          screen.getByRole<HTMLInputElement>('checkbox', { name: `Select ${name}` }).checked,
      );
    expect(checked()).toEqual(['a', 'd']);
    // Select all with web collapsed: the two rows of db only.
    await user.click(screen.getByRole('checkbox', { name: 'Select a' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select d' }));
    await user.click(screen.getByRole('button', { name: 'Collapse web' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 shown boxes' }));
    await user.click(screen.getByRole('button', { name: 'Expand web' }));
    expect(checked()).toEqual(['b', 'd']);
  });

  it('keeps a long grouped list windowed, header rows included', () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({
      name: `box${String(index).padStart(4, '0')}`,
      tags: [index % 2 ? 'odd' : 'even'],
      memory: '',
    }));
    renderAt('/boxes?group=tag', many);
    const table = screen.getByRole('table', { name: 'Boxes' });
    expect(table.getAttribute('aria-rowcount')).toBe(String(2000 + 2 + 1));
    expect(within(table).getAllByRole('row').length).toBeLessThan(100);
  });

  it('saves a view, says what is wrong with its name, and applies it', async () => {
    renderAt('/boxes?group=tag&sort=-name');
    await userEvent.click(screen.getByRole('button', { name: 'Views' }));
    expect(screen.getByText('No saved views yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save view as…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(within(dialog).getByText('Enter a name for the view.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /View name/ }), 'Mine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(JSON.parse(localStorage.getItem('lxd-console.boxes.views.local.alice') ?? '[]')).toEqual(
      [{ name: 'Mine', query: 'sort=-name&group=tag&columns=memory' }],
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), '');
    expect(screen.queryByRole('button', { name: 'Collapse web' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Views' }));
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Saved views' })).getByRole('button', {
        name: 'Mine',
      }),
    );
    expect(screen.getByRole('button', { name: 'Collapse web' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'location' }).textContent).toContain('sort=-name');

    await userEvent.click(screen.getByRole('button', { name: 'Views' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save view as…' }));
    const again = screen.getByRole('dialog', { name: 'Save view' });
    await userEvent.type(within(again).getByRole('textbox', { name: /View name/ }), 'mine');
    await userEvent.click(within(again).getByRole('button', { name: 'Save view' }));
    expect(within(again).getByText('A view named "Mine" already exists.')).toBeTruthy();
  });

  it('honours columns= in the URL over the remembered columns', () => {
    renderAt('/boxes?columns=');
    const table = screen.getByRole('table', { name: 'Boxes' });
    expect(within(table).queryByRole('columnheader', { name: 'Memory' })).toBeNull();
  });
});
