import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '../../shared/routing/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../shared/auth/context';
import { NotificationProvider } from '../../shared/notifications';
import { BulkQueueNotices, BulkQueueProvider, createBulkQueue } from '../../shared/bulk-queue';
import { warningBulkExecutors } from './executors';
import { fineGrainedAuth, testAuth } from '../../testing/render';
import type { LxdWarning } from '../../lxd/types/warning';
import { WarningsPage } from './pages/WarningsPage';
import { filterWarnings, readWarningFilters } from './queries';

const warning = (over: Partial<LxdWarning>): LxdWarning => ({
  uuid: 'w1',
  location: 'none',
  project: '',
  type: 'AppArmor support has been disabled',
  count: 1,
  first_seen_at: '2026-11-22T07:20:40.852202665Z',
  last_seen_at: '2026-11-22T07:20:40.852202665Z',
  last_message: 'Disabled because of lack of kernel support',
  severity: 'low',
  status: 'new',
  entity_url: '',
  ...over,
});

let warnings: LxdWarning[];
const calls: string[] = [];
let failing: string[] = [];

beforeEach(() => {
  calls.length = 0;
  failing = [];
  warnings = [
    warning({}),
    warning({ uuid: 'w2', type: 'Old', status: 'acknowledged', severity: 'high' }),
    warning({ uuid: 'w3', type: 'Bad', severity: 'high', last_seen_at: '2026-11-23T00:00:00Z' }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      calls.push(`${init?.method ?? 'GET'} ${url} ${body}`.trim());
      if (failing.some((uuid) => url.endsWith(`/${uuid}`)))
        return Promise.resolve(
          new Response(JSON.stringify({ type: 'error', error_code: 404, error: 'not found' }), {
            status: 404,
          }),
        );
      if (init?.method === 'PUT')
        warnings = warnings.map((w) =>
          url.endsWith(`/${w.uuid}`) ? { ...w, status: 'acknowledged' } : w,
        );
      if (init?.method === 'DELETE') warnings = warnings.filter((w) => !url.endsWith(`/${w.uuid}`));
      const metadata = url.startsWith('/1.0/warnings?') ? warnings : {};
      return Promise.resolve(new Response(JSON.stringify({ type: 'sync', metadata })));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(entry = '/warnings', auth: AuthState = testAuth()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/warnings',
        element: (
          <NotificationProvider>
            <BulkQueueProvider queue={createBulkQueue({ executors: warningBulkExecutors })}>
              <BulkQueueNotices />
              <WarningsPage />
            </BulkQueueProvider>
          </NotificationProvider>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('warnings', () => {
  it('filters new warnings by default, most recently seen first', () => {
    const filters = readWarningFilters(new URLSearchParams());
    expect(filters).toEqual({ status: 'new', severity: 'all' });
    expect(filterWarnings(warnings, filters).map((w) => w.uuid)).toEqual(['w3', 'w1']);
    const high = readWarningFilters(new URLSearchParams('status=all&severity=high'));
    expect(filterWarnings(warnings, high).map((w) => w.uuid)).toEqual(['w3', 'w2']);
  });

  it('lists new warnings, filters by severity and acknowledges', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Warnings' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const row = within(table).getByRole('row', { name: /^AppArmor support has been disabled/ });
    expect(row).toHaveTextContent('Disabled because of lack of kernel support');
    expect(calls[0]).toBe('GET /1.0/warnings?recursion=1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'high');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'all');

    await user.click(
      within(table).getByRole('button', {
        name: 'Acknowledge warning: AppArmor support has been disabled',
      }),
    );
    await vi.waitFor(() => {
      expect(calls).toContain('PUT /1.0/warnings/w1 {"status":"acknowledged"}');
    });
    await vi.waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
  });

  it('sorts by a column and searches', async () => {
    const user = userEvent.setup();
    renderPage('/warnings?status=all');
    const table = await screen.findByRole('table', { name: 'Warnings' });
    const types = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(types()).toEqual(['Bad', 'AppArmor support has been disabled', 'Old']);
    await user.click(within(table).getByRole('button', { name: 'Type' }));
    expect(types()).toEqual(['AppArmor support has been disabled', 'Bad', 'Old']);
    await user.type(screen.getByRole('searchbox', { name: 'Search warnings' }), 'bad');
    await vi.waitFor(() => {
      expect(types()).toEqual(['Bad']);
    });
    expect(screen.getByText('1 of 3 warnings')).toBeInTheDocument();
  });

  it('deletes a warning', async () => {
    const user = userEvent.setup();
    renderPage('/warnings?status=all');
    const table = await screen.findByRole('table', { name: 'Warnings' });
    await user.click(within(table).getByRole('button', { name: 'Delete warning: Old' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete warning' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => {
      expect(calls).toContain('DELETE /1.0/warnings/w2');
    });
    expect(await screen.findByText('Warning deleted')).toBeInTheDocument();
  });

  it('without the server can_edit (fine-grained) disables acknowledge and delete, saying why', async () => {
    renderPage('/warnings?status=all', fineGrainedAuth({ server: ['viewer'] }));
    const table = await screen.findByRole('table', { name: 'Warnings' });
    const reason = 'You do not have permission to acknowledge or delete warnings';
    for (const name of [
      'Acknowledge warning: AppArmor support has been disabled',
      'Delete warning: Old',
    ]) {
      const button = within(table).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
  });

  it('with the server can_edit (fine-grained) allows them', async () => {
    renderPage('/warnings?status=all', fineGrainedAuth({ server: ['can_edit'] }));
    const table = await screen.findByRole('table', { name: 'Warnings' });
    expect(within(table).getByRole('button', { name: 'Delete warning: Old' })).toBeEnabled();
    expect(
      within(table).getByRole('button', {
        name: 'Acknowledge warning: AppArmor support has been disabled',
      }),
    ).toBeEnabled();
  });

  it('acknowledges the selected warnings at once, counting the outcomes', async () => {
    const user = userEvent.setup();
    renderPage('/warnings?status=all');
    const table = await screen.findByRole('table', { name: 'Warnings' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Bad' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Old' }));
    await user.click(
      within(table).getByRole('checkbox', { name: 'Select AppArmor support has been disabled' }),
    );
    const bar = screen.getByRole('toolbar', { name: 'Selected warnings' });
    // Old is acknowledged already: only the other two are sent.
    await user.click(within(bar).getByRole('button', { name: 'Acknowledge 2 warnings' }));
    expect(await screen.findByText('2 warnings acknowledged')).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('PUT')).sort()).toEqual([
      'PUT /1.0/warnings/w1 {"status":"acknowledged"}',
      'PUT /1.0/warnings/w3 {"status":"acknowledged"}',
    ]);
    expect(screen.queryByRole('toolbar', { name: 'Selected warnings' })).toBeNull();
  });

  it('deletes the selected warnings after confirmation, reporting each failure', async () => {
    const user = userEvent.setup();
    failing = ['w3'];
    renderPage('/warnings?status=all');
    const table = await screen.findByRole('table', { name: 'Warnings' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select all 3 shown warnings' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected warnings' });
    await user.click(within(bar).getByRole('button', { name: 'Delete 3 warnings' }));
    // Old is acknowledged, the others are not: two of the three can be acknowledged.
    expect(within(bar).getByRole('button', { name: 'Acknowledge 2 warnings' })).toBeEnabled();
    const dialog = screen.getByRole('dialog', { name: 'Delete 3 warnings' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 warnings deleted, 1 failed')).toBeInTheDocument();
    expect(screen.getByText('Bad: not found')).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('DELETE')).sort()).toEqual([
      'DELETE /1.0/warnings/w1',
      'DELETE /1.0/warnings/w2',
      'DELETE /1.0/warnings/w3',
    ]);
    await vi.waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
  });

  it('without the server can_edit (fine-grained) rows cannot be selected, saying why', async () => {
    renderPage('/warnings?status=all', fineGrainedAuth({ server: ['viewer'] }));
    const table = await screen.findByRole('table', { name: 'Warnings' });
    const box = within(table).getByRole('checkbox', { name: 'Select Old' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(
      'You do not have permission to acknowledge or delete warnings',
    );
  });
});
