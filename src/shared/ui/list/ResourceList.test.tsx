import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '../../routing/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceList } from './ResourceList';
import type { ListColumn } from './types';
import { useListView, type ListFilter } from './useListView';

interface Pool {
  name: string;
  driver: string;
  used: number;
}

const COLUMNS: ListColumn<Pool>[] = [
  {
    id: 'name',
    header: 'Name',
    alwaysShown: true,
    rowHeader: true,
    sortValue: (pool) => pool.name,
    cell: (pool) => pool.name,
  },
  {
    id: 'driver',
    header: 'Driver',
    priority: 2,
    sortValue: (pool) => pool.driver,
    cell: (pool) => pool.driver,
  },
  { id: 'used', header: 'Used by', hiddenByDefault: true, cell: (pool) => String(pool.used) },
];
const FILTERS: ListFilter<Pool>[] = [
  {
    param: 'driver',
    label: 'Driver',
    options: [
      { value: 'dir', label: 'Directory' },
      { value: 'zfs', label: 'ZFS' },
    ],
    match: (pool, value) => pool.driver === value,
  },
];
const NOUN = { one: 'pool', other: 'pools' };
const rowKey = (pool: Pool) => pool.name;
const rowLabel = (pool: Pool) => pool.name;
const compile = (term: string) => (pool: Pool) => pool.name.includes(term);

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.search}</output>;
}

function PoolList({
  rows,
  query = { isPending: false, error: null, refetch: () => undefined },
  onDelete = () => undefined,
}: {
  rows: Pool[] | undefined;
  query?: { isPending: boolean; error: unknown; refetch: () => unknown };
  onDelete?: (pools: Pool[]) => void;
}) {
  const view = useListView({
    id: 'pools-test',
    rows,
    columns: COLUMNS,
    rowKey,
    defaultSort: { column: 'name', direction: 'ascending' },
    search: { label: 'Search pools', compile },
    filters: FILTERS,
    selectDisabledReason: (pool) => (pool.used > 0 ? 'In use' : undefined),
  });
  return (
    <ResourceList
      view={view}
      label="Pools"
      noun={NOUN}
      query={query}
      rowLabel={rowLabel}
      empty={{
        body: <p>Pools hold volumes.</p>,
        action: <button type="button">Create pool</button>,
      }}
      bulkActions={(selected) => (
        <button
          type="button"
          onClick={() => {
            onDelete(selected);
          }}
        >
          Delete
        </button>
      )}
    />
  );
}

function renderList(ui: React.ReactElement, url = '/pools') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      {ui}
      <Location />
    </MemoryRouter>,
  );
}

const POOLS: Pool[] = [
  { name: 'pool-10', driver: 'dir', used: 0 },
  { name: 'pool-2', driver: 'zfs', used: 0 },
  { name: 'busy', driver: 'dir', used: 3 },
  { name: 'alpha', driver: 'zfs', used: 0 },
];
const rowNames = () =>
  within(screen.getByRole('table', { name: 'Pools' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResourceList states', () => {
  it('says it is loading, then shows LXD’s error with a retry', async () => {
    const refetch = vi.fn();
    const { rerender } = renderList(
      <PoolList rows={undefined} query={{ isPending: true, error: null, refetch }} />,
    );
    expect(screen.getByText('Loading pools…')).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <PoolList
          rows={undefined}
          query={{ isPending: false, error: new Error('not authorized'), refetch }}
        />
      </MemoryRouter>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load pools');
    expect(alert).toHaveTextContent('not authorized');
    await userEvent.click(within(alert).getByRole('button'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('names an empty list and offers the create action', () => {
    renderList(<PoolList rows={[]} />);
    expect(screen.getByRole('heading', { name: 'No pools found' })).toBeInTheDocument();
    expect(screen.getByText('Pools hold volumes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create pool' })).toBeInTheDocument();
  });
});

describe('ResourceList search, filters and sort', () => {
  it('sorts naturally by name by default and flips on a header click, in the URL', async () => {
    renderList(<PoolList rows={POOLS} />);
    expect(rowNames()).toEqual(['alpha', 'busy', 'pool-2', 'pool-10']);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(name).getByRole('button', { name: 'Name' }));
    expect(rowNames()).toEqual(['pool-10', 'pool-2', 'busy', 'alpha']);
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('?sort=-name');
    expect(screen.getByRole('columnheader', { name: 'Driver' })).toHaveAttribute(
      'aria-sort',
      'none',
    );
  });

  it('reads search, filter and sort from the URL and counts what it shows', () => {
    renderList(<PoolList rows={POOLS} />, '/pools?search=pool&driver=zfs&sort=-driver');
    expect(rowNames()).toEqual(['pool-2']);
    expect(screen.getByText('1 of 4 pools')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Driver' })).toHaveValue('zfs');
  });

  it('says when nothing matches and clears search and filters', async () => {
    renderList(<PoolList rows={POOLS} />, '/pools?search=nothing&driver=dir');
    expect(screen.getByRole('heading', { name: 'No pools match the search' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all pools' }));
    expect(rowNames()).toHaveLength(4);
    await waitFor(() => {
      expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('');
    });
  });

  it('filters with a drop-down', async () => {
    renderList(<PoolList rows={POOLS} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Driver' }), 'dir');
    expect(rowNames()).toEqual(['busy', 'pool-10']);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('driver=dir');
  });
});

describe('ResourceList columns and selection', () => {
  it('hides columns by default and remembers the menu per list', async () => {
    renderList(<PoolList rows={POOLS} />);
    expect(screen.queryByRole('columnheader', { name: 'Used by' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Used by' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Driver' }));
    expect(screen.getByRole('columnheader', { name: 'Used by' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Driver' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('lxd-console.pools-test.hidden-columns') ?? '')).toEqual(
      {
        hidden: ['driver'],
        shown: expect.arrayContaining(['used']) as unknown,
      },
    );
    expect(screen.queryByRole('checkbox', { name: 'Name' })).toBeNull();
  });

  it('selects all selectable rows shown, explains the others and acts on the selection', async () => {
    const onDelete = vi.fn<(pools: Pool[]) => void>();
    renderList(<PoolList rows={POOLS} onDelete={onDelete} />);
    const busy = screen.getByRole('checkbox', { name: 'Select busy' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('title', 'In use');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 3 shown pools' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected pools' });
    expect(bar).toHaveTextContent('3 pools selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(onDelete.mock.calls[0]?.[0].map((pool) => pool.name)).toEqual([
      'alpha',
      'pool-2',
      'pool-10',
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Selected pools' })).toBeNull();
  });

  it('selects a range with shift-click', async () => {
    renderList(<PoolList rows={POOLS} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select alpha' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select pool-10' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('toolbar', { name: 'Selected pools' })).toHaveTextContent(
      '3 pools selected',
    );
    expect(screen.getByRole('checkbox', { name: 'Select pool-2' })).toBeChecked();
  });

  it('keeps only priority columns below 620 px', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderList(<PoolList rows={POOLS} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Driver' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
  });

  it('renders only the rows in view of a long list', () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({
      name: `pool-${String(index)}`,
      driver: 'dir',
      used: 0,
    }));
    renderList(<PoolList rows={many} />);
    const table = screen.getByRole('table', { name: 'Pools' });
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    expect(within(table).getAllByRole('rowheader').length).toBeLessThan(60);
    expect(screen.getByText('5000 pools')).toBeInTheDocument();
  });
});
