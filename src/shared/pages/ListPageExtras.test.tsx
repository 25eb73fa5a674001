import { screen, within } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../../testing/render';
import { listPage } from './ListPage';

interface Fruit {
  name: string;
}

const FRUITS: Fruit[] = [{ name: 'apple' }, { name: 'pear' }];

/** Per-row data from a hook of the page (a count kept in state), and a toolbar control. */
function useWeights() {
  const [unit] = useState('g');
  const rowExtra = useCallback(
    (fruit: Fruit) => `${String(fruit.name.length * 10)} ${unit}`,
    [unit],
  );
  return { rowExtra, toolbar: <button type="button">Weigh</button> };
}

const FruitPage = listPage<Fruit, string>({
  id: 'fruits',
  title: 'Fruits',
  tableLabel: 'Fruit basket',
  noun: { one: 'fruit', other: 'fruits' },
  useRows: () => ({
    rows: FRUITS,
    query: { isPending: false, error: null, refetch: () => null },
    table: useWeights(),
  }),
  columns: () => [
    { id: 'name', header: 'Name', rowHeader: true, cell: (fruit) => fruit.name },
    { id: 'weight', header: 'Weight', cell: (_fruit, weight) => weight },
  ],
  rowKey: (fruit) => fruit.name,
  empty: 'No fruit.',
  footer: () => <p>Picked today</p>,
});

describe('listPage declarations', () => {
  it('take per-row data and toolbar controls from a hook, a table name and a footer', () => {
    renderSignedIn(<FruitPage />, { path: '/fruits' });
    expect(screen.getByRole('heading', { level: 1, name: 'Fruits' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Fruit basket' });
    expect(within(table).getByRole('row', { name: /^pear/ })).toHaveTextContent('pear40 g');
    expect(screen.getByRole('button', { name: 'Weigh' })).toBeVisible();
    const region = screen.getByRole('region', { name: 'Fruits' });
    expect(region.lastElementChild).toHaveTextContent('Picked today');
  });
});
