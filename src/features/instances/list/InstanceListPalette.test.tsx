import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../lxd/types/instance';
import { EventStreamProvider } from '../../../shared/events';
import { NotificationProvider } from '../../../shared/notifications';
import { createPaletteRegistry, PaletteRegistryContext } from '../../../shared/palette';
import { Route, Routes } from '../../../shared/routing/router';
import { renderSignedIn, testAuth } from '../../../testing/render';
import { testInstance } from '../testing/fixtures';
import { InstanceListPage } from './InstanceListPage';

const instances: LxdInstance[] = [
  testInstance({ name: 'web-1', status: 'Running', expanded_devices: {} }),
  testInstance({ name: 'db-1', status: 'Stopped', expanded_devices: {} }),
];

const json = (metadata: unknown) =>
  new Response(JSON.stringify({ type: 'sync', status_code: 200, metadata }), { status: 200 });

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/1.0/instances') {
        return Promise.resolve(
          json(
            url.searchParams.get('recursion') === '0'
              ? instances.map((item) => `/1.0/instances/${item.name}`)
              : instances,
          ),
        );
      }
      if (url.pathname.endsWith('/state')) {
        return Promise.resolve(json({ status: 'Running', network: {}, memory: null, disk: {} }));
      }
      return Promise.resolve(json([]));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the instance list in the command palette', () => {
  it('offers Create instance, and the bulk actions on the selection', async () => {
    const registry = createPaletteRegistry();
    renderSignedIn(
      <PaletteRegistryContext.Provider value={registry}>
        <NotificationProvider>
          <EventStreamProvider
            enabled={false}
            config={{ invalidations: [], operationQueryKeys: () => [] }}
          >
            <Routes>
              <Route path="/project/:project/instances" element={<InstanceListPage />} />
            </Routes>
          </EventStreamProvider>
        </NotificationProvider>
      </PaletteRegistryContext.Provider>,
      { path: '/project/default/instances', auth: testAuth() },
    );
    await screen.findByRole('row', { name: /^web-1/ });
    expect(registry.actions().map((action) => action.label)).toEqual(['Create instance']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 2 shown instances' }));
    await waitFor(() => {
      expect(registry.actions().map((action) => action.label)).toEqual([
        'Create instance',
        'Start 2 selected instances',
        'Restart 2 selected instances',
        'Freeze 2 selected instances',
        'Stop 2 selected instances',
        'Delete 2 selected instances',
      ]);
    });
    const stop = registry.actions().find((action) => action.id === 'bulk-stop');
    act(() => {
      stop?.run();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Stop 2 instances' });
    expect(within(dialog).getByRole('list', { name: 'Instances to be stopped' })).toHaveTextContent(
      'web-1',
    );
  });
});
