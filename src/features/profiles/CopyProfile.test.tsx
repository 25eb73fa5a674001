import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LxdProject } from '../../lxd/types/project';
import { testAuth } from '../../testing/render';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { COPY_PROFILE_HELP } from './components/CopyProfileButton';
import { ProfileDetailPage } from './pages/ProfileDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const web = {
  name: 'web',
  description: 'Front ends',
  config: { 'limits.memory': '1GiB' },
  devices: { data: { type: 'disk', path: '/data', source: '/srv' } },
  used_by: [],
};

const projects: LxdProject[] = [
  { name: 'default', description: '', config: {} },
  { name: 'team', description: '', config: { 'features.profiles': 'true' } },
  { name: 'shared', description: '', config: { 'features.profiles': 'false' } },
];

const open = async (auth = testAuth({ projects })) => {
  renderAt(
    '/project/:project/profile/:name/:activeTab?/:section?',
    <ProfileDetailPage />,
    '/project/default/profile/web',
    auth,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
  return screen.getByRole('dialog', { name: 'Copy profile web' });
};

describe('copy a profile', () => {
  it('checks the name in the target project and POSTs the source profile there', async () => {
    const calls = fakeLxd(({ method, url }) => {
      if (method === 'POST' && url === '/1.0/profiles?project=team') return {};
      if (url.startsWith('/1.0/profiles/web?')) return { metadata: web };
      if (url.startsWith('/1.0/profiles?project=default')) return { metadata: [web] };
      if (url.startsWith('/1.0/profiles?project=team')) {
        return { metadata: [{ ...web, name: 'taken' }] };
      }
      return undefined;
    });
    const dialog = await open();
    const field = within(dialog).getByLabelText('New profile name');
    expect(field).toHaveValue('web-copy');
    const target = within(dialog).getByLabelText('Target project');
    expect(target).toHaveAccessibleDescription(COPY_PROFILE_HELP);
    // A project using the default project's profiles is not offered.
    expect(
      within(target)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['default', 'team']);

    await userEvent.clear(field);
    await userEvent.type(field, 'web');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A profile with this name already exists',
    );
    await userEvent.selectOptions(target, 'team');
    await waitFor(() => {
      expect(within(dialog).queryByRole('alert')).toBeNull();
    });
    await userEvent.clear(field);
    await userEvent.type(field, 'taken');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A profile with this name already exists',
    );
    await userEvent.clear(field);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Profile name is required');
    await userEvent.type(field, 'a/b');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Profile names may not contain slashes',
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'web2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/team/profile/web2');
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'web2',
      description: 'Front ends',
      config: { 'limits.memory': '1GiB' },
      devices: { data: { type: 'disk', path: '/data', source: '/srv' } },
    });
  });

  it('keeps the dialog with LXD’s error when the copy fails', async () => {
    fakeLxd(({ method, url }) => {
      if (method === 'POST') return { status: 400, error: 'Invalid devices' };
      if (url.startsWith('/1.0/profiles/web?')) return { metadata: web };
      if (url.startsWith('/1.0/profiles?')) return { metadata: [web] };
      return undefined;
    });
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid devices');
    expect(within(dialog).getByLabelText('New profile name')).toHaveValue('web-copy');
  });

  it('is disabled, with the reason, for a target project without can_create_profiles', async () => {
    const calls = fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/profiles/web?')) return { metadata: web };
      if (url.startsWith('/1.0/profiles?')) return { metadata: [web] };
      return undefined;
    });
    const dialog = await open(
      testAuth({
        isFineGrained: true,
        projects: [
          { name: 'default', description: '', config: {}, access_entitlements: ['can_view'] },
          {
            name: 'team',
            description: '',
            config: { 'features.profiles': 'true' },
            access_entitlements: ['can_create_profiles'],
          },
        ],
      }),
    );
    const submit = within(dialog).getByRole('button', { name: 'Copy' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(
      'You do not have permission to create profiles in this project',
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Target project'), 'team');
    expect(submit).toBeEnabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
