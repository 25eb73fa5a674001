import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAuthServer } from '../../../lxd/testing/fake-auth';
import type { LxdIdentity } from '../../../lxd/types/identity';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { permissionsBulkExecutors } from '../executors';
import { ME, accessAuth, authRequest } from '../testing';
import { IdentityListPage } from './pages/IdentityListPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const alice: LxdIdentity = {
  id: 'alice@example.com',
  name: 'Alice',
  authentication_method: 'oidc',
  type: 'OIDC client',
  groups: ['viewers'],
};
const laptop: LxdIdentity = {
  id: 'c0ffee11',
  name: 'laptop',
  authentication_method: 'tls',
  type: 'Client certificate',
  groups: [],
  expires_at: '2031-03-04T05:06:07Z',
};
const member: LxdIdentity = {
  id: 'feed0001',
  name: 'node2',
  authentication_method: 'tls',
  type: 'Server certificate',
  groups: [],
};

function server() {
  return new FakeAuthServer({
    identities: [ME, alice, laptop, member],
    groups: [
      { name: 'viewers', description: 'Read only', permissions: [] },
      { name: 'ops', description: 'Operators', permissions: [] },
    ],
  });
}

function serve(fake: FakeAuthServer) {
  return fakeLxd((call) => fake.handle(authRequest(call)));
}

const openList = (entry = '/permissions/identities?system-identities=hide', auth = accessAuth()) =>
  renderAt('/permissions/identities', <IdentityListPage />, entry, auth, permissionsBulkExecutors);

const table = () => screen.findByRole('table', { name: 'Identities' });

describe('identity list', () => {
  it('shows each identity, marks the signed-in one and hides system identities', async () => {
    const calls = serve(server());
    openList();
    const rows = within(await table());
    expect(rows.getByRole('row', { name: 'Alice' })).toHaveTextContent(
      'AliceOIDCOIDC clientviewers',
    );
    expect(rows.getByRole('row', { name: 'admin-laptop' })).toHaveTextContent(
      'admin-laptopYouTLSClient certificate (unrestricted)',
    );
    expect(within(rows.getByRole('row', { name: 'Alice' })).queryByText('You')).toBeNull();
    expect(rows.getByRole('row', { name: 'laptop' })).toHaveTextContent(/laptop.*2031/);
    expect(rows.queryByRole('row', { name: 'node2' })).toBeNull();
    expect(screen.getByText('3 identities')).toBeVisible();
    expect(calls.map((call) => call.url)).toContain('/1.0/auth/identities?recursion=1');

    const toggle = screen.getByRole('switch', { name: 'Show system identities' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await rows.findByRole('row', { name: 'node2' })).toHaveTextContent('Server certificate');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/permissions\/identities$/);
    await userEvent.click(toggle);
    expect(screen.getByTestId('location')).toHaveTextContent('system-identities=hide');
    expect(rows.queryByRole('row', { name: 'node2' })).toBeNull();
  });

  it('searches and filters in the URL', async () => {
    serve(server());
    openList('/permissions/identities');
    const rows = within(await table());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Authentication' }), 'tls');
    expect(rows.queryByRole('row', { name: 'Alice' })).toBeNull();
    expect(rows.getByRole('row', { name: 'node2' })).toBeVisible();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Type' }),
      'Client certificate',
    );
    expect(rows.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/permissions/identities?method=tls&type=Client+certificate',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search identities' }), 'nothing');
    expect(await screen.findByText('No identities match the search')).toBeVisible();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('search=nothing');
    });
  });

  it('creates a TLS identity with a token and shows the token once, with a copy button', async () => {
    const user = userEvent.setup();
    const fake = server();
    const calls = serve(fake);
    openList();
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Create TLS identity' }));
    const dialog = screen.getByRole('dialog', { name: 'Create TLS identity' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create identity' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a name for the identity');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'laptop');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A TLS identity with this name already exists',
    );
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'build-bot');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ops' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create identity' }));

    const tokenDialog = await screen.findByRole('dialog', { name: 'Token for build-bot' });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/1.0/auth/identities/tls');
    expect(post?.body).toEqual({ name: 'build-bot', groups: ['ops'], token: true });
    const token = within(tokenDialog).getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Trust token',
    }).value;
    expect(JSON.parse(atob(token))).toMatchObject({
      client_name: 'build-bot',
      type: 'Client certificate',
      addresses: ['10.0.0.1:8443'],
    });
    expect(
      within(tokenDialog).getByRole('textbox', {
        name: 'Add this server as a remote on the client',
      }),
    ).toHaveValue(`lxc remote add lxd1 ${token}`);
    expect(tokenDialog).toHaveTextContent('it is shown only this once and works until');
    await user.click(within(tokenDialog).getByRole('button', { name: 'Copy token' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(token);
    await userEvent.click(within(tokenDialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The pending identity is listed once the list is read again.
    expect(await within(await table()).findByRole('row', { name: 'build-bot' })).toHaveTextContent(
      'Client certificate (pending)ops',
    );
  });

  it('edits an identity’s groups with the ETag it read, and says so on 412', async () => {
    const fake = server();
    const calls = serve(fake);
    openList();
    await userEvent.click(
      within(await table()).getByRole('button', { name: 'Edit groups of Alice' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Groups of Alice' });
    const viewers = await within(dialog).findByRole('checkbox', { name: 'viewers' });
    expect(viewers).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ops' }));
    // Someone else changes Alice meanwhile.
    fake.identities = fake.identities.map((i) => (i.id === alice.id ? { ...i, groups: [] } : i));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save groups' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else changed this identity after this dialog opened, so nothing was saved. Your choice is kept',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'ops' })).toBeChecked();
    const firstPut = calls.find((c) => c.method === 'PUT');
    expect(firstPut?.url).toBe('/1.0/auth/identities/oidc/alice%40example.com');
    expect(firstPut?.headers.get('If-Match')).toBeTruthy();

    await waitFor(() => {
      expect(calls.filter((c) => c.url.startsWith('/1.0/auth/identities/oidc/'))).toHaveLength(3);
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save groups' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toEqual({ groups: ['viewers', 'ops'] });
    expect(fake.identities.find((i) => i.id === alice.id)?.groups).toEqual(['viewers', 'ops']);
    expect(await screen.findByText('Groups saved')).toBeVisible();
  });

  it('adds and removes groups for several identities at once and counts the outcome', async () => {
    const fake = server();
    fake.identities.push({ ...laptop, id: 'dead0002', name: 'gone' });
    const calls = fakeLxd((call) => {
      // "gone" disappears before the change reaches it.
      if (call.url.includes('dead0002')) return { status: 404, error: 'Identity not found' };
      return fake.handle(authRequest(call));
    });
    openList();
    const rows = within(await table());
    expect(rows.getByRole('checkbox', { name: 'Select admin-laptop' })).toBeDisabled();
    expect(rows.getByRole('checkbox', { name: 'Select admin-laptop' })).toHaveAttribute(
      'title',
      'Client certificate (unrestricted) identities do not get their access from groups: manage them as certificates',
    );
    await userEvent.click(rows.getByRole('checkbox', { name: 'Select Alice' }));
    await userEvent.click(rows.getByRole('checkbox', { name: 'Select laptop' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected identities' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Add groups' }));
    let dialog = screen.getByRole('dialog', { name: 'Add groups' });
    expect(dialog).toHaveTextContent('The groups chosen are added to 2 identities: Alice, laptop.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add groups' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one group');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ops' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add groups' }));
    expect(await screen.findByText('2 identities updated')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/1.0/auth/identities/oidc/alice%40example.com', { groups: ['viewers', 'ops'] }],
      ['/1.0/auth/identities/tls/c0ffee11', { groups: ['ops'] }],
    ]);

    await userEvent.click(await rows.findByRole('checkbox', { name: 'Select Alice' }));
    await userEvent.click(rows.getByRole('checkbox', { name: 'Select gone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove groups' }));
    dialog = screen.getByRole('dialog', { name: 'Remove groups' });
    // Only the groups the selected identities are in are offered.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(dialog).getByRole('checkbox', { name: 'ops' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'viewers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove groups' }));
    expect(await screen.findByText('1 identity updated, 1 failed')).toBeVisible();
    expect(screen.getByText('gone: Identity not found')).toBeVisible();
    expect(fake.identities.find((i) => i.id === alice.id)?.groups).toEqual(['ops']);
  });

  it('deletes an identity once confirmed', async () => {
    const fake = server();
    const calls = serve(fake);
    openList();
    await userEvent.click(within(await table()).getByRole('button', { name: 'Delete laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete identity' });
    expect(dialog).toHaveTextContent('This will permanently delete the TLS identity laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Identity deleted')).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/1.0/auth/identities/tls/c0ffee11',
    ]);
    await waitFor(async () => {
      expect(within(await table()).queryByRole('row', { name: 'laptop' })).toBeNull();
    });
  });

  it('warns before deleting the signed-in identity, and refuses non-group identities', async () => {
    const me = { ...ME, type: 'Client certificate' };
    const fake = server();
    fake.identities[0] = me;
    serve(fake);
    openList('/permissions/identities', accessAuth({ identity: me }));
    const rows = within(await table());
    await userEvent.click(rows.getByRole('button', { name: 'Delete admin-laptop' }));
    expect(screen.getByRole('dialog', { name: 'Delete identity' })).toHaveTextContent(
      'This is the identity you are signed in with: you will lose access.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const node = rows.getByRole('button', { name: 'Delete node2' });
    expect(node).toBeDisabled();
    expect(node).toHaveAccessibleDescription(
      'Server certificate identities do not get their access from groups: manage them as certificates',
    );
  });

  it('disables what a fine-grained identity may not do, saying why', async () => {
    const fake = server();
    fake.grant = (_type, name) => (name === alice.id ? ['can_edit'] : []);
    const calls = serve(fake);
    openList('/permissions/identities?system-identities=hide', accessAuth({ isFineGrained: true }));
    const rows = within(await table());
    expect(calls.map((call) => call.url)).toContain(
      '/1.0/auth/identities?recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
    expect(rows.getByRole('button', { name: 'Edit groups of Alice' })).toBeEnabled();
    const deleteAlice = rows.getByRole('button', { name: 'Delete Alice' });
    expect(deleteAlice).toBeDisabled();
    expect(deleteAlice).toHaveAccessibleDescription(
      'You do not have permission to delete this identity',
    );
    const editLaptop = rows.getByRole('button', { name: 'Edit groups of laptop' });
    expect(editLaptop).toBeDisabled();
    expect(editLaptop).toHaveAttribute(
      'title',
      'You do not have permission to change this identity',
    );
    const create = screen.getByRole('button', { name: 'Create TLS identity' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('You do not have permission to create identities');
  });
});
