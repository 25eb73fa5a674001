import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { ClusterGroupsPage } from './pages/ClusterGroupsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const groups = [
  { name: 'default', description: '', members: ['m1', 'm2'] },
  { name: 'gA', description: 'GPU', members: ['m2'] },
  { name: 'empty', description: '', members: [] },
];
const members = [
  { server_name: 'm1', url: '', status: 'Online', message: '', groups: ['default'] },
  { server_name: 'm2', url: '', status: 'Online', message: '', groups: ['default', 'gA'] },
];

function lxd(write?: { status: number; error: string }) {
  return fakeLxd(({ method, url }) => {
    if (method !== 'GET') return write ?? { metadata: {} };
    if (url.startsWith('/1.0/cluster/groups?')) return { metadata: groups };
    if (url.startsWith('/1.0/cluster/members?')) return { metadata: members };
    const one = /^\/1\.0\/cluster\/groups\/([^/?]+)$/.exec(url);
    if (one) return { metadata: groups.find((g) => g.name === one[1]), etag: '"g1"' };
    return undefined;
  });
}

const row = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Cluster groups' })).getByRole('row', {
    name,
  });

describe('cluster groups page', () => {
  it('creates a group with a name, description and members, validating the name', async () => {
    const calls = lxd();
    renderAt('/cluster/groups', <ClusterGroupsPage />, '/cluster/groups');
    await screen.findByRole('table', { name: 'Cluster groups' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    const dialog = screen.getByRole('dialog', { name: 'Create cluster group' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'my_group');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Group names may not contain underscores',
    );
    await user.clear(name);
    await user.type(name, 'gA');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A group with this name already exists',
    );
    await user.clear(name);
    await user.type(name, 'gB');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'fast');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'm2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/1.0/cluster/groups');
    expect(post?.body).toEqual({ name: 'gB', description: 'fast', members: ['m2'] });
  });

  it('keeps the create form with the server error', async () => {
    lxd({ status: 400, error: 'Cluster group "gB" already exists' });
    renderAt('/cluster/groups', <ClusterGroupsPage />, '/cluster/groups');
    await screen.findByRole('table', { name: 'Cluster groups' });
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const dialog = screen.getByRole('dialog', { name: 'Create cluster group' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'gB');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Cluster group "gB" already exists')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('gB');
  });

  it('edits description and members with If-Match, and says who stays', async () => {
    const calls = lxd();
    renderAt('/cluster/groups', <ClusterGroupsPage />, '/cluster/groups');
    const user = userEvent.setup();
    await user.click(within(await row('default')).getByRole('button', { name: 'Edit default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group default' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'm1' }));
    expect(dialog).toHaveTextContent(
      'm1 stays in this group: a member must belong to at least one group.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'all');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'PUT')).toBe(true);
    });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/1.0/cluster/groups/default');
    expect(put?.headers.get('If-Match')).toBe('"g1"');
    expect(put?.body).toEqual({ description: 'all', members: ['m2'] });
  });

  it('renames a group, and never the default one or a non-empty one deleted', async () => {
    const calls = lxd();
    renderAt('/cluster/groups', <ClusterGroupsPage />, '/cluster/groups');
    const defaultRow = await row('default');
    const reason = 'The default group holds every new member: it cannot be renamed or deleted';
    expect(within(defaultRow).getByRole('button', { name: 'Rename' })).toBeDisabled();
    expect(within(defaultRow).getByRole('button', { name: 'Rename' })).toHaveAccessibleDescription(
      reason,
    );
    expect(within(defaultRow).getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
      reason,
    );
    expect(
      within(await row('gA')).getByRole('button', { name: 'Delete' }),
    ).toHaveAccessibleDescription('Only an empty group can be deleted: remove its members first');

    const user = userEvent.setup();
    await user.click(within(await row('gA')).getByRole('button', { name: 'Rename' }));
    const rename = screen.getByRole('dialog', { name: 'Rename group gA' });
    const input = within(rename).getByRole('textbox', { name: 'New name' });
    await user.clear(input);
    await user.type(input, 'g B');
    expect(within(rename).getByRole('alert')).toHaveTextContent(
      'Group names may not contain spaces',
    );
    await user.clear(input);
    await user.type(input, 'gpu');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() => {
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'gpu' });
    });
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/1.0/cluster/groups/gA');

    await user.click(within(await row('empty')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete group empty' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/1.0/cluster/groups/empty');
    });
  });
});
