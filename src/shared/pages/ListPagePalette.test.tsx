import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPaletteRegistry, PaletteRegistryContext } from '../palette';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { fineGrainedAuth, testAuth } from '../../testing/render';
import type { AuthState } from '../auth/context';
import { listPage } from './ListPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Row {
  name: string;
}

const Page = listPage<Row>({
  id: 'things',
  title: 'Things',
  noun: { one: 'thing', other: 'things' },
  useRows: () => ({
    rows: [{ name: 'a' }],
    query: { isPending: false, error: null, refetch: vi.fn() },
  }),
  columns: () => [{ id: 'name', header: 'Name', cell: (row) => row.name }],
  rowKey: (row) => row.name,
  empty: 'Things are things.',
  create: {
    label: 'Create thing',
    to: ({ project }) => `/project/${project}/things/create`,
    action: 'createProfiles',
  },
});

function open(auth: AuthState) {
  fakeLxd(() => ({ metadata: [] }));
  const registry = createPaletteRegistry();
  renderAt(
    '/project/:project/things',
    <PaletteRegistryContext.Provider value={registry}>
      <Page />
    </PaletteRegistryContext.Provider>,
    '/project/default/things',
    auth,
  );
  return registry;
}

describe('a list page in the command palette', () => {
  it('offers its Create action, which leads to the create page', async () => {
    const registry = open(testAuth());
    await screen.findByRole('heading', { name: 'Things' });
    await waitFor(() => {
      expect(registry.actions().map((action) => [action.label, action.reason])).toEqual([
        ['Create thing', undefined],
      ]);
    });
    registry.actions()[0]?.run();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/default/things/create');
    });
  });

  it('gives the Create action the reason its button gives', async () => {
    const registry = open(fineGrainedAuth());
    await screen.findByRole('heading', { name: 'Things' });
    await waitFor(() => {
      expect(registry.actions()[0]?.reason).toBe(
        'You do not have permission to create profiles in this project',
      );
    });
  });
});
