import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, testAuth, testServer } from '../../testing/render';
import { NotificationProvider } from '../../shared/notifications';
import { SettingsPage as Page } from './pages/SettingsPage';
import { fakeServerConfig } from './testing';

function SettingsPage() {
  return (
    <NotificationProvider>
      <Page />
    </NotificationProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function row(key: string) {
  const header = screen.getByRole('rowheader', {
    name: new RegExp(`^${key.replace(/\./g, '\\.')}`),
  });
  const tr = header.closest('tr');
  if (!tr) throw new Error(`no row for ${key}`);
  return within(tr);
}

describe('SettingsPage', { timeout: 30_000 }, () => {
  it('lists options by category with values and defaults', async () => {
    fakeServerConfig({ 'core.https_address': '127.0.0.1:8443', 'user.team': 'blue' });
    renderSignedIn(<SettingsPage />, { path: '/settings' });
    expect(await screen.findByRole('rowheader', { name: 'Core' })).toBeInTheDocument();
    expect(await row('core.https_address').findByText('127.0.0.1:8443')).toBeInTheDocument();
    expect(row('images.remote_cache_expiry').getByText('10')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete user.team' })).toBeEnabled();
    expect(screen.getByRole('rowheader', { name: 'User keys' })).toBeInTheDocument();
  });

  it('narrows the list by search, under the category headers of the matches', async () => {
    fakeServerConfig({});
    const user = userEvent.setup();
    renderSignedIn(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('rowheader', { name: 'Core' });
    await user.type(screen.getByRole('searchbox', { name: 'Search settings' }), 'remote_cache');
    expect(await screen.findByText(/^1 of \d+ settings$/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Server settings' });
    expect(within(table).getByRole('rowheader', { name: 'Images' })).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: 'Core' })).toBeNull();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Images', 'images.remote_cache_expiry']);
  });

  it('validates integers next to the field and keeps what was typed', async () => {
    const lxd = fakeServerConfig({});
    const user = userEvent.setup();
    renderSignedIn(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('rowheader', { name: 'Core' });
    await user.click(screen.getByRole('button', { name: 'Edit images.remote_cache_expiry' }));
    const input = screen.getByRole('textbox', { name: 'Value of images.remote_cache_expiry' });
    await user.type(input, 'soon');
    await user.click(screen.getByRole('button', { name: 'Save images.remote_cache_expiry' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number');
    expect(input).toHaveValue('soon');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '7');
    await user.click(screen.getByRole('button', { name: 'Save images.remote_cache_expiry' }));
    await waitFor(() => {
      expect(lxd.state.config['images.remote_cache_expiry']).toBe('7');
    });
    expect(await row('images.remote_cache_expiry').findByText('7')).toBeInTheDocument();
  });

  it('saves a boolean switch at once', async () => {
    const lxd = fakeServerConfig({});
    const user = userEvent.setup();
    renderSignedIn(<SettingsPage />, { path: '/settings' });
    const toggle = await screen.findByRole('switch', { name: 'images.auto_update_cached' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => {
      expect(lxd.state.config['images.auto_update_cached']).toBe('false');
    });
    await waitFor(() => {
      expect(toggle).not.toBeChecked();
    });
  });

  it('masks secrets until revealed and says when the server hides them', async () => {
    fakeServerConfig({ 'core.trust_password': true, 'loki.auth.password': 's3cret' });
    renderSignedIn(<SettingsPage />, { path: '/settings' });
    expect(
      await row('core.trust_password').findByText('Set (the server does not reveal it)'),
    ).toBeVisible();
    const loki = row('loki.auth.password');
    expect(loki.queryByText('s3cret')).toBeNull();
    await userEvent.click(loki.getByRole('button', { name: 'Show value of loki.auth.password' }));
    expect(loki.getByText('s3cret')).toBeInTheDocument();
  });

  it('disables editing with a reason without the edit entitlement', async () => {
    fakeServerConfig({}, { access_entitlements: ['can_view'] });
    const server = { ...testServer(), access_entitlements: ['can_view'] };
    renderSignedIn(<SettingsPage />, {
      path: '/settings',
      auth: testAuth({ isFineGrained: true, server }),
    });
    await screen.findByRole('rowheader', { name: 'Core' });
    const edit = screen.getByRole('button', { name: 'Edit core.https_address' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAttribute('title', 'You do not have permission to edit server settings');
    const toggle = screen.getByRole('switch', { name: 'images.auto_update_cached' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(
      'You do not have permission to edit server settings',
    );
    const add = screen.getByRole('button', { name: 'Add user key' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('You do not have permission to edit server settings');
  });

  it('allows editing with can_edit on the server of the session (fine-grained)', async () => {
    // The refreshed settings carry no entitlements: the session's server decides.
    fakeServerConfig({});
    const server = { ...testServer(), access_entitlements: ['can_edit'] };
    renderSignedIn(<SettingsPage />, {
      path: '/settings',
      auth: testAuth({ isFineGrained: true, server }),
    });
    await screen.findByRole('rowheader', { name: 'Core' });
    expect(screen.getByRole('button', { name: 'Edit core.https_address' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add user key' })).toBeEnabled();
  });

  it('adds a user key', async () => {
    const lxd = fakeServerConfig({});
    const user = userEvent.setup();
    renderSignedIn(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('rowheader', { name: 'Core' });
    await user.click(screen.getByRole('button', { name: 'Add user key' }));
    const form = within(screen.getByRole('form', { name: 'Add a user key' }));
    await user.click(form.getByRole('button', { name: 'Add key' }));
    expect(form.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'The key must start with "user." followed by a name',
      'Enter a value',
    ]);
    await user.type(form.getByRole('textbox', { name: 'Key' }), 'team');
    await user.type(form.getByRole('textbox', { name: 'Value' }), 'red');
    await user.click(form.getByRole('button', { name: 'Add key' }));
    await waitFor(() => {
      expect(lxd.state.config['user.team']).toBe('red');
    });
    expect(await screen.findByRole('rowheader', { name: /^user\.team/ })).toBeInTheDocument();
  });
});
