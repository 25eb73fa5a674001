import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { ProfileCreatePage } from './pages/ProfileCreatePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const open = () => {
  const calls = fakeLxd(({ method, url }) => {
    if (method === 'POST' && url.startsWith('/1.0/profiles')) return {};
    if (url.startsWith('/1.0/profiles?')) return { metadata: [{ name: 'default' }] };
    return undefined;
  });
  renderAt(
    '/project/:project/profiles/create',
    <ProfileCreatePage />,
    '/project/default/profiles/create',
  );
  return calls;
};

describe('profile creation', () => {
  it('shows the name rules, then a disk without a path in the devices section', async () => {
    const calls = open();
    const sections = screen.getByRole('navigation', { name: 'Profile configuration sections' });
    await userEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    const name = screen.getByLabelText('Name');
    expect(screen.getByRole('alert')).toHaveTextContent('Profile name is required');
    await waitFor(() => {
      expect(name).toHaveFocus();
    });
    await userEvent.type(name, 'default');
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'A profile with this name already exists',
      );
    });
    await userEvent.clear(name);
    await userEvent.type(name, 'web');

    await userEvent.click(within(sections).getByRole('button', { name: 'Devices' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add disk' }));
    await userEvent.click(within(sections).getByRole('button', { name: 'Main configuration' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    // The disk's path is missing: the form moves to the devices and says so.
    expect(await screen.findByText('Path must not be empty')).toBeInTheDocument();
    expect(within(sections).getByRole('button', { name: /^Devices/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.type(screen.getByLabelText('Path in the instance'), '/data');
    await userEvent.type(screen.getByLabelText('Host path'), '/srv');
    await userEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'POST')).toBe(true);
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual(
      expect.objectContaining({
        name: 'web',
        devices: {
          disk1: expect.objectContaining({
            type: 'disk',
            path: '/data',
            source: '/srv',
          }) as unknown,
        },
      }),
    );
  });
});
