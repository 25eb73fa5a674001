import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAuthServer } from '../../../lxd/testing/fake-auth';
import type { LxdIdentity } from '../../../lxd/types/identity';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { ME, accessAuth, authRequest } from '../testing';
import { GroupFormPage } from './pages/GroupFormPage';
import { GroupListPage } from './pages/GroupListPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const alice: LxdIdentity = {
  id: 'alice@example.com',
  name: 'Alice',
  authentication_method: 'oidc',
  type: 'OIDC client',
  groups: ['ops'],
};
const bob: LxdIdentity = {
  id: 'b0b0b0b0',
  name: 'bob',
  authentication_method: 'tls',
  type: 'Client certificate',
  groups: [],
};
const admin = { entity_type: 'server', url: '/1.0', entitlement: 'admin' };
const c1 = (entitlement: string, project = 'default') => ({
  entity_type: 'instance',
  url: `/1.0/instances/c1?project=${project}`,
  entitlement,
});

function server() {
  return new FakeAuthServer({
    identities: [ME, alice, bob],
    groups: [
      { name: 'ops', description: 'Operators', permissions: [admin, c1('can_exec')] },
      { name: 'auditors', description: 'Read only', permissions: [] },
    ],
    idpGroups: [
      { name: 'sales', groups: [] },
      { name: 'it', groups: ['ops'] },
    ],
    choices: [
      admin,
      { ...admin, entitlement: 'viewer' },
      c1('can_view'),
      c1('can_exec'),
      c1('can_view', 'team'),
      {
        entity_type: 'instance',
        url: '/1.0/instances/web?project=default',
        entitlement: 'can_view',
      },
    ],
  });
}

function serve(fake: FakeAuthServer) {
  return fakeLxd((call) => fake.handle(authRequest(call)));
}

const where = () => screen.getByTestId('location');

describe('group list', () => {
  it('shows name, description and how many identities and permissions; search in the URL', async () => {
    const calls = serve(server());
    renderAt('/permissions/groups', <GroupListPage />, '/permissions/groups', accessAuth());
    const table = within(await screen.findByRole('table', { name: 'Groups' }));
    expect(table.getByRole('row', { name: 'ops' })).toHaveTextContent('opsOperators12');
    expect(table.getByRole('row', { name: 'auditors' })).toHaveTextContent('auditorsRead only00');
    expect(table.getByRole('link', { name: 'ops' })).toHaveAttribute(
      'href',
      '/permissions/group/ops',
    );
    expect(screen.getByRole('link', { name: 'Create group' })).toHaveAttribute(
      'href',
      '/permissions/groups/create',
    );
    expect(calls[0]?.url).toBe('/1.0/auth/groups?recursion=1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'read');
    expect(table.queryByRole('row', { name: 'ops' })).toBeNull();
    await waitFor(() => {
      expect(where()).toHaveTextContent('search=read');
    });
  });

  it('disables Create group without can_create_groups, saying why', async () => {
    serve(server());
    renderAt(
      '/permissions/groups',
      <GroupListPage />,
      '/permissions/groups',
      accessAuth({ isFineGrained: true }),
    );
    const create = await screen.findByRole('button', { name: 'Create group' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('You do not have permission to create groups');
  });
});

const openCreate = () =>
  renderAt(
    '/permissions/groups/create',
    <GroupFormPage />,
    '/permissions/groups/create',
    accessAuth(),
  );
const openGroup = (name: string, auth = accessAuth()) =>
  renderAt('/permissions/group/:name', <GroupFormPage />, `/permissions/group/${name}`, auth);

async function addPermission(type: string, entity: string, entitlement: string, project?: string) {
  const picker = within(screen.getByRole('group', { name: 'Add a permission' }));
  await userEvent.selectOptions(picker.getByRole('combobox', { name: 'Entity type' }), type);
  if (project)
    await userEvent.selectOptions(picker.getByRole('combobox', { name: 'Project' }), project);
  const entities = picker.getByRole('combobox', { name: 'Entity' });
  await waitFor(() => {
    expect(within(entities).getByRole('option', { name: entity })).toBeInTheDocument();
  });
  // The server is the only entity of its type: it is chosen already.
  if (type !== 'server') await userEvent.selectOptions(entities, entity);
  await userEvent.selectOptions(picker.getByRole('combobox', { name: 'Entitlement' }), entitlement);
  await userEvent.click(picker.getByRole('button', { name: 'Add permission' }));
}

describe('group create', () => {
  it('creates a group with two permissions and an identity', async () => {
    const fake = server();
    const calls = serve(fake);
    openCreate();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'ops');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('A group with this name already exists');
    await userEvent.clear(name);
    await userEvent.type(name, 'dev:team');
    expect(screen.getByRole('alert')).toHaveTextContent('Group name cannot contain a colon');
    await userEvent.clear(name);
    await userEvent.type(name, 'developers');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Build and test');

    await addPermission('instance', 'c1 (project team)', 'can_view', 'team');
    await addPermission('server', 'server', 'viewer');
    // The same permission twice is refused.
    await addPermission('server', 'server', 'viewer');
    expect(screen.getByRole('alert')).toHaveTextContent('The group has this permission already');
    const table = within(screen.getByRole('table', { name: 'Permissions' }));
    expect(table.getAllByRole('row')).toHaveLength(3);
    expect(
      table.getByRole('row', { name: 'can_view on instance c1 (project team)' }),
    ).toHaveTextContent('instancec1 (project team)can_view');

    const members = within(screen.getByRole('group', { name: 'Identities' }));
    // Identities whose access is not from groups are not offered.
    expect(members.queryByRole('checkbox', { name: /admin-laptop/ })).toBeNull();
    await userEvent.click(members.getByRole('checkbox', { name: 'bob TLS' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'IdP groups' })).getByRole('checkbox', {
        name: 'sales',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));

    await waitFor(() => {
      expect(where()).toHaveTextContent('/permissions/group/developers');
    });
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /1.0/auth/groups',
      'PUT /1.0/auth/identities/tls/b0b0b0b0',
      'PUT /1.0/auth/identity-provider-groups/sales',
    ]);
    expect(writes[0]?.body).toEqual({
      name: 'developers',
      description: 'Build and test',
      permissions: [c1('can_view', 'team'), { ...admin, entitlement: 'viewer' }],
    });
    expect(writes[1]?.body).toEqual({ groups: ['developers'] });
    expect(writes[1]?.headers.get('If-Match')).toBeTruthy();
    expect(writes[2]?.body).toEqual({ groups: ['developers'] });
    expect(fake.group('developers')).toMatchObject({
      identities: { tls: ['b0b0b0b0'] },
      identity_provider_groups: ['sales'],
    });
    expect(await screen.findByText('Group created')).toBeVisible();
  });

  it('keeps the input when LXD refuses the group', async () => {
    fakeLxd((call) =>
      call.method === 'POST' ? { status: 400, error: 'Failed validating entity type' } : undefined,
    );
    openCreate();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'developers');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not create the groupFailed validating entity type',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('developers');
    expect(where()).toHaveTextContent('/permissions/groups/create');
  });
});

describe('group edit', () => {
  it('shows what the change adds and removes before saving it with If-Match', async () => {
    const fake = server();
    const calls = serve(fake);
    openGroup('ops');
    const table = within(await screen.findByRole('table', { name: 'Permissions' }));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await userEvent.click(
      table.getByRole('button', { name: 'Remove can_exec on instance c1 (project default)' }),
    );
    await addPermission('instance', 'web (project default)', 'can_view', 'default');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Description' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'On call');
    const members = within(screen.getByRole('group', { name: 'Identities' }));
    expect(members.getByRole('checkbox', { name: 'Alice OIDC' })).toBeChecked();
    await userEvent.click(members.getByRole('checkbox', { name: 'Alice OIDC' }));
    await userEvent.click(members.getByRole('checkbox', { name: 'bob TLS' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'IdP groups' })).getByRole('checkbox', {
        name: 'it',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const review = screen.getByRole('dialog', { name: 'Review changes' });
    expect(
      within(within(review).getByRole('list', { name: 'Changes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Description: On call',
      '+ can_view on instance web (project default)',
      '- can_exec on instance c1 (project default)',
      '+ identity bob',
      '- identity Alice',
      '- IdP group it',
    ]);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(review).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Group saved')).toBeVisible();

    const group = calls.find((c) => c.method === 'PUT' && c.url === '/1.0/auth/groups/ops');
    expect(group?.body).toEqual({
      description: 'On call',
      permissions: [
        admin,
        {
          entity_type: 'instance',
          url: '/1.0/instances/web?project=default',
          entitlement: 'can_view',
        },
      ],
    });
    expect(group?.headers.get('If-Match')).toMatch(/^"[0-9a-f]+"$/);
    expect(fake.group('ops')).toMatchObject({
      identities: { tls: ['b0b0b0b0'] },
      identity_provider_groups: [],
    });
  });

  it('says so on 412 and keeps the edits', async () => {
    const fake = server();
    serve(fake);
    openGroup('auditors');
    await screen.findByRole('group', { name: 'Add a permission' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' and more');
    fake.groups = fake.groups.map((g) =>
      g.name === 'auditors' ? { ...g, description: 'Changed' } : g,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Review changes' })).getByRole('button', {
        name: 'Save changes',
      }),
    );
    expect(await screen.findByText('Someone else changed this group')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Read only and more');
    await userEvent.click(screen.getByRole('button', { name: 'Save my changes anyway' }));
    expect(await screen.findByText('Group saved')).toBeVisible();
    expect(fake.groups.find((g) => g.name === 'auditors')?.description).toBe('Read only and more');
  });

  it('renames and deletes a group', async () => {
    const fake = server();
    const calls = serve(fake);
    openGroup('ops');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename group' });
    const input = within(dialog).getByRole('textbox', { name: 'New name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'auditors');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A group with this name already exists',
    );
    await userEvent.clear(input);
    await userEvent.type(input, 'operators');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => {
      expect(where()).toHaveTextContent('/permissions/group/operators');
    });
    const rename = calls.find((c) => c.method === 'POST');
    expect([rename?.url, rename?.body]).toEqual(['/1.0/auth/groups/ops', { name: 'operators' }]);
    expect(fake.identities.find((i) => i.id === alice.id)?.groups).toEqual(['operators']);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete group' });
    expect(confirm).toHaveTextContent('This will permanently delete group operators.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(where()).toHaveTextContent(/^\/permissions\/groups$/);
    });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/1.0/auth/groups/operators',
    ]);
  });

  it('is read-only without can_edit, and says why', async () => {
    const fake = server();
    fake.grant = (_type, name) => (name === 'ops' ? ['can_delete'] : []);
    serve(fake);
    openGroup('ops', accessAuth({ isFineGrained: true }));
    expect(await screen.findByRole('note')).toHaveTextContent(
      'You do not have permission to change this group',
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Add a permission' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    const rename = screen.getByRole('button', { name: 'Rename' });
    expect(rename).toBeDisabled();
    expect(rename).toHaveAccessibleDescription('You do not have permission to rename this group');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});
