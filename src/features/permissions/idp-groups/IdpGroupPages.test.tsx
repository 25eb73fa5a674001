import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAuthServer } from '../../../lxd/testing/fake-auth';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { accessAuth, authRequest } from '../testing';
import { IdpGroupListPage } from './pages/IdpGroupListPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function server() {
  return new FakeAuthServer({
    groups: [
      { name: 'viewers', description: '', permissions: [] },
      { name: 'ops', description: '', permissions: [] },
    ],
    idpGroups: [
      { name: 'sales', groups: ['viewers'] },
      { name: 'it', groups: ['ops', 'viewers'] },
    ],
  });
}

function open(fake: FakeAuthServer, auth = accessAuth()) {
  const calls = fakeLxd((call) => fake.handle(authRequest(call)));
  renderAt('/permissions/idp-groups', <IdpGroupListPage />, '/permissions/idp-groups', auth);
  return calls;
}

const table = async () => within(await screen.findByRole('table', { name: 'IdP groups' }));
const writes = (calls: ReturnType<typeof open>) =>
  calls.filter((c) => c.method !== 'GET').map((c) => [`${c.method} ${c.url}`, c.body]);

describe('IdP groups', () => {
  it('lists each IdP group with the groups it maps to; search in the URL', async () => {
    open(server());
    const rows = await table();
    expect(rows.getByRole('row', { name: 'it' })).toHaveTextContent('itops, viewers');
    expect(rows.getByRole('row', { name: 'sales' })).toHaveTextContent('salesviewers');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search IdP groups' }), 'ops');
    expect(rows.queryByRole('row', { name: 'sales' })).toBeNull();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('search=ops');
    });
  });

  it('creates an IdP group mapped to groups', async () => {
    const fake = server();
    const calls = open(fake);
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Create IdP group' }));
    const dialog = screen.getByRole('dialog', { name: 'Create IdP group' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'sales');
    await userEvent.tab();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'An IdP group with this name already exists',
    );
    await userEvent.clear(name);
    await userEvent.type(name, 'engineering');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ops' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create IdP group' }));
    expect(await screen.findByText('IdP group created')).toBeVisible();
    expect(writes(calls)).toEqual([
      ['POST /1.0/auth/identity-provider-groups', { name: 'engineering', groups: ['ops'] }],
    ]);
    expect(await (await table()).findByRole('row', { name: 'engineering' })).toHaveTextContent(
      'engineeringops',
    );
  });

  it('changes the groups it maps to with If-Match', async () => {
    const fake = server();
    const calls = open(fake);
    await userEvent.click((await table()).getByRole('button', { name: 'Edit groups of sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Groups of sales' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'viewers' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ops' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save groups' }));
    expect(await screen.findByText('IdP group saved')).toBeVisible();
    expect(writes(calls)).toEqual([
      ['PUT /1.0/auth/identity-provider-groups/sales', { groups: ['ops'] }],
    ]);
    expect(calls.find((c) => c.method === 'PUT')?.headers.get('If-Match')).toMatch(/^"/);
    expect(calls.some((c) => c.url === '/1.0/auth/identity-provider-groups/sales')).toBe(true);
  });

  it('renames and deletes an IdP group', async () => {
    const fake = server();
    const calls = open(fake);
    const rows = await table();
    await userEvent.click(rows.getByRole('button', { name: 'Rename sales' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename sales' });
    const input = within(dialog).getByRole('textbox', { name: 'New name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'marketing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await rows.findByRole('row', { name: 'marketing' })).toBeVisible();

    await userEvent.click(rows.getByRole('button', { name: 'Delete it' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete IdP group' });
    expect(confirm).toHaveTextContent('This will permanently delete the IdP group it');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('IdP group deleted')).toBeVisible();
    expect(writes(calls)).toEqual([
      ['POST /1.0/auth/identity-provider-groups/sales', { name: 'marketing' }],
      ['DELETE /1.0/auth/identity-provider-groups/it', undefined],
    ]);
    await waitFor(() => {
      expect(rows.queryByRole('row', { name: 'it' })).toBeNull();
    });
  });

  it('disables what a fine-grained identity may not do, saying why', async () => {
    const fake = server();
    fake.grant = (_type, name) => (name === 'sales' ? ['can_edit', 'can_delete'] : []);
    const calls = open(fake, accessAuth({ isFineGrained: true }));
    const rows = await table();
    expect(calls.map((call) => call.url)).toContain(
      '/1.0/auth/identity-provider-groups?recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
    expect(rows.getByRole('button', { name: 'Edit groups of sales' })).toBeEnabled();
    const edit = rows.getByRole('button', { name: 'Edit groups of it' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription('You do not have permission to change this IdP group');
    expect(rows.getByRole('button', { name: 'Rename it' })).toHaveAccessibleDescription(
      'You do not have permission to rename this IdP group',
    );
    expect(rows.getByRole('button', { name: 'Delete it' })).toHaveAccessibleDescription(
      'You do not have permission to delete this IdP group',
    );
    const create = screen.getByRole('button', { name: 'Create IdP group' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('You do not have permission to create IdP groups');
  });
});
