import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth, testAuth } from '../../testing/render';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { ProfileDetailPage } from './pages/ProfileDetailPage';
import { ProfileListPage } from './pages/ProfileListPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const profiles = [
  {
    name: 'default',
    description: 'Default LXD profile',
    config: {},
    devices: { root: { type: 'disk', path: '/', pool: 'default' } },
    used_by: ['/1.0/instances/c1', '/1.0/instances/c2'],
  },
  {
    name: 'web',
    description: 'Front ends',
    config: { 'limits.memory': '1GiB' },
    devices: { data: { type: 'disk', path: '/data', source: '/srv' } },
    used_by: ['/1.0/instances/c1', '/1.0/instances/w1?project=team'],
  },
];

const listPage = () =>
  renderAt('/project/:project/profiles', <ProfileListPage />, '/project/default/profiles');

describe('profile list', () => {
  it('shows name, description and how many instances use each; search filters', async () => {
    fakeLxd(({ url }) => (url.startsWith('/1.0/profiles?') ? { metadata: profiles } : undefined));
    listPage();
    const table = await screen.findByRole('table', { name: 'Profiles' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('defaultDefault LXD profile2 instances');
    expect(rows[2]).toHaveTextContent('webFront ends2 instances');
    expect(screen.getByRole('link', { name: 'Create profile' })).toHaveAttribute(
      'href',
      '/project/default/profiles/create',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search profiles' }), 'front');
    expect(within(table).queryByRole('link', { name: 'default' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'web' })).toBeInTheDocument();
  });

  it('reads and writes the search in the URL and says when nothing matches', async () => {
    fakeLxd(({ url }) => (url.startsWith('/1.0/profiles?') ? { metadata: profiles } : undefined));
    renderAt(
      '/project/:project/profiles',
      <ProfileListPage />,
      '/project/default/profiles?search=LXD',
    );
    const table = await screen.findByRole('table', { name: 'Profiles' });
    expect(within(table).getByRole('link', { name: 'default' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'web' })).toBeNull();
    const box = screen.getByRole('searchbox', { name: 'Search profiles' });
    expect(box).toHaveValue('LXD');
    await userEvent.clear(box);
    await userEvent.type(box, 'zz');
    expect(
      await screen.findByRole('heading', { name: 'No profiles match the search' }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('search=zz');
    });
  });

  it('asks for entitlements when fine-grained and disables create without can_create_profiles', async () => {
    const calls = fakeLxd(({ url }) =>
      url.startsWith('/1.0/profiles?') ? { metadata: profiles } : undefined,
    );
    renderAt('/project/:project/profiles', <ProfileListPage />, '/project/default/profiles', {
      ...testAuth(),
      projects: [
        { name: 'default', description: '', config: {}, access_entitlements: ['can_edit'] },
      ],
      isFineGrained: true,
    });
    const button = await screen.findByRole('button', { name: 'Create profile' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'You do not have permission to create profiles in this project',
    );
    expect(calls.map((c) => c.url)).toContain(
      '/1.0/profiles?project=default&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
  });

  it('shows an error with a retry and an empty state', async () => {
    fakeLxd(({ url }) =>
      url.startsWith('/1.0/profiles?') ? { status: 500, error: 'boom' } : undefined,
    );
    listPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load profilesboom');
    vi.unstubAllGlobals();
    fakeLxd(({ url }) => (url.startsWith('/1.0/profiles?') ? { metadata: [] } : undefined));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No profiles found' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create profile' })).toHaveLength(2);
  });
});

describe('profile detail', () => {
  const detail = (name: string) =>
    renderAt(
      '/project/:project/profile/:name/:activeTab?/:section?',
      <ProfileDetailPage />,
      `/project/default/profile/${name}`,
    );

  it('shows devices, config and the instances using it by project, with the filtered list', async () => {
    const calls = fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/profiles/web?')) return { metadata: profiles[1], etag: '"e1"' };
      if (url.startsWith('/1.0/profiles?')) return { metadata: profiles };
      return undefined;
    });
    detail('web');
    const own = await screen.findByRole('region', { name: 'Instances in project default' });
    expect(within(own).getByRole('link', { name: 'c1' })).toHaveAttribute(
      'href',
      '/project/default/instance/c1',
    );
    expect(within(own).getByRole('link', { name: 'Show in the instance list' })).toHaveAttribute(
      'href',
      '/project/default/instances?search=profile:web',
    );
    const other = screen.getByRole('region', { name: 'Instances in project team' });
    expect(within(other).getByRole('link', { name: 'w1' })).toHaveAttribute(
      'href',
      '/project/team/instance/w1',
    );
    expect(
      within(screen.getByRole('table', { name: 'Configuration keys' })).getByRole('rowheader', {
        name: 'limits.memory',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Devices' })).getByRole('rowheader', {
        name: 'data',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('/srv')).toBeInTheDocument();
    // Labels, with LXD's key beside them.
    const devices = within(screen.getByRole('table', { name: 'Devices' }));
    expect(devices.getByRole('row', { name: /^data/ })).toHaveTextContent(
      'Mount path path/dataSource source/srv',
    );
    expect(calls.map((c) => c.url)).toContain('/1.0/profiles/web?project=default&recursion=1');
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAttribute(
      'title',
      'This profile is used by 2 instances. Remove it from them before deleting it.',
    );
  });

  const fineGrainedDetail = (entitlements: string[]) => {
    const unused = { ...profiles[1], used_by: [] };
    fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/profiles/web?')) return { metadata: unused, etag: '"e1"' };
      if (url.startsWith('/1.0/profiles?')) {
        return {
          metadata: profiles.map((profile) => ({ ...profile, access_entitlements: entitlements })),
        };
      }
      return undefined;
    });
    renderAt(
      '/project/:project/profile/:name/:activeTab?/:section?',
      <ProfileDetailPage />,
      '/project/default/profile/web/configuration',
      fineGrainedAuth(),
    );
  };

  it('fine-grained without can_edit and can_delete: rename, delete and save say why', async () => {
    fineGrainedDetail([]);
    const save = await screen.findByRole('button', { name: 'Save changes' });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Rename' })).toHaveAccessibleDescription(
        'You do not have permission to rename this profile',
      );
    });
    expect(screen.getByRole('button', { name: 'Rename' })).toBeDisabled();
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('You do not have permission to delete this profile');
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('You do not have permission to change this profile');
  });

  it('fine-grained with can_edit and can_delete: rename and delete are enabled', async () => {
    fineGrainedDetail(['can_edit', 'can_delete']);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Rename' })).toBeEnabled();
    });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('refuses to delete or rename the default profile, with the reason', async () => {
    fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/profiles/default?')) return { metadata: profiles[0] };
      if (url.startsWith('/1.0/profiles?')) return { metadata: profiles };
      return undefined;
    });
    detail('default');
    const remove = await screen.findByRole('button', { name: 'Delete' });
    expect(remove).toHaveAttribute('title', 'The default profile cannot be deleted');
    expect(screen.getByRole('button', { name: 'Rename' })).toHaveAttribute(
      'title',
      'The default profile cannot be renamed',
    );
  });

  it('renames with POST {name} and follows the new name', async () => {
    const free = { ...profiles[1], name: 'free', used_by: [] };
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'POST' && url === '/1.0/profiles/free?project=default') return {};
      if (url.startsWith('/1.0/profiles/free?')) return { metadata: free };
      if (url.startsWith('/1.0/profiles/freer?')) return { metadata: { ...free, name: 'freer' } };
      if (url.startsWith('/1.0/profiles?')) return { metadata: [...profiles, free] };
      return undefined;
    });
    detail('free');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename profile' });
    const field = within(dialog).getByLabelText('New name');
    await userEvent.clear(field);
    await userEvent.type(field, 'web');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A profile with this name already exists',
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'freer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/default/profile/freer');
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'freer' });
  });
});
