import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../shared/auth/context';
import { NotificationProvider } from '../../shared/notifications';
import { createMemoryRouter, RouterProvider } from '../../shared/routing/router';
import { fakeLxd } from '../../testing/fake-lxd';
import { testServer } from '../../testing/render';
import { ACCESS_EXTENSIONS, accessAuth } from './testing';
import { permissionsFeature } from './index';
import { permissionsRoutes } from './routes';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fine-grained identity on a server with access management, granted `server` there. */
const fineGrained = (server: string[], extensions = ACCESS_EXTENSIONS): AuthState =>
  accessAuth({
    isFineGrained: true,
    server: testServer({ api_extensions: extensions, access_entitlements: server }),
  });

const shownEntries = (auth: AuthState) =>
  (permissionsFeature.nav ?? []).filter((entry) => entry.shown?.(auth) ?? true).map((e) => e.id);

function open(path: string, auth: AuthState) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', children: permissionsRoutes }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <NotificationProvider>
          <RouterProvider router={router} />
        </NotificationProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const REASON = 'You do not have permission to view permissions.';

describe('can_view_permissions (spec §6)', () => {
  it('hides the Permissions entries from a fine-grained identity without it', () => {
    expect(shownEntries(fineGrained(['viewer']))).toEqual([]);
    expect(shownEntries(fineGrained(['viewer'], []))).toEqual([]);
    const managed = ['permission-identities', 'permission-groups', 'permission-idp-groups'];
    for (const entitlement of ['can_view_permissions', 'permission_manager', 'admin']) {
      expect(shownEntries(fineGrained([entitlement]))).toEqual(managed);
    }
    expect(shownEntries(fineGrained(['can_view_permissions'], []))).toEqual([
      'permission-certificates',
    ]);
    // Outside fine-grained mode nothing is denied.
    expect(shownEntries(accessAuth())).toEqual(managed);
  });

  it('tells a fine-grained identity without it why, and asks LXD for nothing', async () => {
    const calls = fakeLxd(() => ({ metadata: [] }));
    open('/permissions/groups', fineGrained(['viewer']));
    expect(await screen.findByText(REASON)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
    open('/permissions/certificates', fineGrained(['viewer'], []));
    await waitFor(() => {
      expect(screen.getAllByText(REASON)).toHaveLength(2);
    });
    expect(calls).toEqual([]);
  });

  it('shows the screens with it', async () => {
    const calls = fakeLxd(() => ({ metadata: [] }));
    open('/permissions/groups', fineGrained(['can_view_permissions']));
    expect(await screen.findByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
    expect(screen.queryByText(REASON)).toBeNull();
    expect(calls[0]?.url).toMatch(/^\/1\.0\/auth\/groups\?recursion=1/);
  });
});
