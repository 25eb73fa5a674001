import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '../../../shared/routing/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../../shared/auth/context';
import { NotificationProvider } from '../../../shared/notifications';
import { afterFirstScreen, resetFirstContent } from '../../../shared/ui/afterFirstScreen';
import { OperationsPage } from './OperationsPage';

const token = {
  id: 'tok-1',
  class: 'token',
  description: 'Executing operation',
  created_at: '2026-11-22T07:20:49.379196179Z',
  updated_at: '2026-11-22T07:20:49.379196179Z',
  status: 'Running',
  status_code: 103,
  resources: null,
  metadata: {},
  may_cancel: true,
  err: '',
  location: 'none',
};
const failed = {
  ...token,
  id: 'exec-1',
  class: 'task',
  description: 'Executing command',
  status: 'Failure',
  status_code: 400,
  may_cancel: false,
  err: 'Command not found',
  resources: { instances: ['/1.0/instances/c1'] },
};

let operations: Record<string, unknown[]>;
const calls: string[] = [];

beforeEach(() => {
  operations = { running: [token], failure: [failed] };
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      let metadata: unknown = {};
      if (url === '/1.0') metadata = { api_extensions: [], auth: 'trusted' };
      else if (url.startsWith('/1.0/projects')) metadata = ['/1.0/projects/default'];
      else if (url.startsWith('/1.0/operations?')) metadata = operations;
      else if (init?.method === 'DELETE') operations = { failure: [failed] };
      return Promise.resolve(new Response(JSON.stringify({ type: 'sync', metadata })));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const auth: AuthState = {
  server: {
    api_extensions: [],
    api_status: 'stable',
    api_version: '1.0',
    auth: 'trusted',
    public: false,
  },
  identity: undefined,
  projects: [{ name: 'default', description: '', config: {} }],
  isFineGrained: false,
  isRestricted: false,
  isOidc: false,
  defaultProject: 'default',
  isClustered: false,
};

function renderPage(as: AuthState = auth, entry = '/operations') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/operations',
        element: (
          <AuthContext.Provider value={as}>
            <NotificationProvider>
              <OperationsPage />
            </NotificationProvider>
          </AuthContext.Provider>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('OperationsPage', () => {
  it('says its content is in once the operations have loaded (the event stream starts then)', async () => {
    resetFirstContent();
    const started = vi.fn();
    afterFirstScreen(started, 0);
    renderPage();
    await screen.findByRole('table', { name: 'Failed operations' });
    // Well before the 1.5 s fallback of screens that do not say so.
    await vi.waitFor(() => expect(started).toHaveBeenCalled(), { timeout: 1000 });
  });

  it('shows failures with their error and linked resources, and the running count', async () => {
    renderPage();
    const failures = await screen.findByRole('table', { name: 'Failed operations' });
    const row = within(failures).getByRole('row', { name: /^Executing command/ });
    expect(row).toHaveTextContent('Command not found');
    expect(within(row).getByRole('link', { name: 'c1' })).toHaveAttribute(
      'href',
      '/project/default/instance/c1',
    );
    expect(screen.getByText('1 operation(s) in progress...')).toBeInTheDocument();
    expect(calls).toContain('GET /1.0/operations?project=default&recursion=1');
  });

  it('cancels a running operation after confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    const running = await screen.findByRole('table', { name: 'Running operations' });
    await user.click(
      within(running).getByRole('button', { name: 'Cancel operation: Executing operation' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel operation' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    await user.click(
      within(running).getByRole('button', { name: 'Cancel operation: Executing operation' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel operation' }),
    );
    await vi.waitFor(() => {
      expect(calls).toContain('DELETE /1.0/operations/tok-1');
    });
    expect(await screen.findByText('Operation cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Running operations' })).not.toBeInTheDocument();
  });

  it('lists a group newest first and sorts every group by a header click', async () => {
    const user = userEvent.setup();
    const older = {
      ...token,
      id: 'tok-0',
      description: 'Older operation',
      created_at: '2026-11-22T07:10:00.000000000Z',
    };
    operations = { running: [older, token], failure: [failed] };
    renderPage();
    const running = await screen.findByRole('table', { name: 'Running operations' });
    const names = () =>
      within(running)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(['Executing operationtok-1', 'Older operationtok-0']);
    await user.click(within(running).getByRole('button', { name: 'Created' }));
    expect(names()).toEqual(['Older operationtok-0', 'Executing operationtok-1']);
    expect(
      within(screen.getByRole('table', { name: 'Failed operations' })).getByRole('columnheader', {
        name: 'Created',
      }),
    ).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows the empty state', async () => {
    operations = {};
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No operations' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Nothing is running right now. LXD keeps ended operations for a few seconds only, so finished work does not stay in this list.',
      ),
    ).toBeInTheDocument();
  });

  it('names Incus in the empty state on Incus', async () => {
    operations = {};
    renderPage({
      ...auth,
      server: { ...auth.server, environment: { server: 'incus', server_version: '6.0.4' } },
    });
    expect(await screen.findByRole('heading', { name: 'No operations' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Nothing is running right now. Incus keeps ended operations for a few seconds only, so finished work does not stay in this list.',
      ),
    ).toBeInTheDocument();
  });

  const fineGrained = (projectEntitlements: string[], serverEntitlements: string[] = []) => ({
    ...auth,
    isFineGrained: true,
    server: { ...auth.server, access_entitlements: serverEntitlements },
    projects: [
      { name: 'default', description: '', config: {}, access_entitlements: projectEntitlements },
    ],
  });

  it('says why it shows nothing without can_view_operations (fine-grained), and asks nothing', async () => {
    renderPage(fineGrained([]), '/operations?project=default');
    expect(await screen.findByRole('heading', { name: 'Missing viewer permission' })).toBeVisible();
    expect(
      screen.getByText('You do not have permission to view the operations of this project.'),
    ).toBeVisible();
    expect(calls.some((call) => call.startsWith('GET /1.0/operations'))).toBe(false);
  });

  it('says so across projects when no project shows its operations', async () => {
    renderPage(fineGrained([]));
    expect(
      await screen.findByText('You do not have permission to view the operations of any project.'),
    ).toBeVisible();
  });

  it("disables Cancel of others' operations without the server can_edit, saying why", async () => {
    renderPage(fineGrained(['can_view_operations']));
    const running = await screen.findByRole('table', { name: 'Running operations' });
    const cancel = within(running).getByRole('button', {
      name: 'Cancel operation: Executing operation',
    });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(
      'You do not have permission to cancel operations started by others',
    );
  });

  it('allows Cancel with the server can_edit', async () => {
    renderPage(fineGrained(['can_view_operations'], ['can_edit']));
    const running = await screen.findByRole('table', { name: 'Running operations' });
    expect(
      within(running).getByRole('button', { name: 'Cancel operation: Executing operation' }),
    ).toBeEnabled();
  });

  it('allows Cancel of an operation the identity started', async () => {
    operations = { running: [{ ...token, requestor: { username: 'me', protocol: 'tls' } }] };
    renderPage({
      ...fineGrained(['can_view_operations']),
      server: { ...auth.server, auth_user_name: 'me', access_entitlements: [] },
    });
    const running = await screen.findByRole('table', { name: 'Running operations' });
    expect(
      within(running).getByRole('button', { name: 'Cancel operation: Executing operation' }),
    ).toBeEnabled();
  });
});
