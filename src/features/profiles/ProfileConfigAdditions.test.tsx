import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { ProfileDetailPage } from './pages/ProfileDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const web = {
  name: 'web',
  description: 'Front ends',
  config: { 'limits.memory': '1GiB', 'user.owner': 'ops' },
  devices: {},
  used_by: [],
};

function fakeProfileLxd(resources?: unknown) {
  return fakeLxd(({ method, url }) => {
    if (method === 'PUT' && url.startsWith('/1.0/profiles/web?')) return {};
    if (url.startsWith('/1.0/profiles/web?')) return { metadata: web, etag: '"e1"' };
    if (url.startsWith('/1.0/profiles?')) return { metadata: [web] };
    if (url.startsWith('/1.0/resources') && resources) return { metadata: resources };
    return undefined;
  });
}

describe('profile configuration additions', () => {
  it('edits and adds user.* keys in the profile form', async () => {
    const calls = fakeProfileLxd();
    renderAt(
      '/project/:project/profile/:name/:activeTab?/:section?',
      <ProfileDetailPage />,
      '/project/default/profile/web/configuration/user-properties',
    );
    const owner = await screen.findByRole('textbox', { name: 'Value of user.owner' });
    await userEvent.clear(owner);
    await userEvent.type(owner, 'dev');
    await userEvent.type(screen.getByRole('textbox', { name: 'Key' }), 'team');
    await userEvent.type(screen.getByRole('textbox', { name: 'Value' }), 'web');
    await userEvent.click(screen.getByRole('button', { name: 'Add user property' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save 2 changes' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'PUT')).toBe(true);
    });
    const put = calls.find((call) => call.method === 'PUT');
    expect((put?.body as { config: Record<string, string> }).config).toEqual({
      'limits.memory': '1GiB',
      'user.owner': 'dev',
      'user.team': 'web',
    });
  });

  it("offers the server's GPUs from /1.0/resources in the devices section", async () => {
    const calls = fakeProfileLxd({
      gpu: {
        cards: [
          {
            driver: 'nvidia',
            drm: { id: 0, card_name: 'card0', render_name: 'renderD128' },
            numa_node: 0,
            pci_address: '0000:01:00.0',
            vendor: 'NVIDIA Corporation',
            vendor_id: '10de',
            product: 'GA102GL [A10]',
            product_id: '2236',
          },
        ],
        total: 1,
      },
    });
    renderAt(
      '/project/:project/profile/:name/:activeTab?/:section?',
      <ProfileDetailPage />,
      '/project/default/profile/web/configuration/devices',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add GPU' }));
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Add NVIDIA Corporation GA102GL [A10] (0000:01:00.0)',
      }),
    );
    expect(calls.map((call) => call.url)).toContain('/1.0/resources');
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'PUT')).toBe(true);
    });
    const put = calls.find((call) => call.method === 'PUT');
    expect((put?.body as { devices: unknown }).devices).toEqual({
      gpu1: { type: 'gpu', gputype: 'physical', pci: '0000:01:00.0' },
    });
  });
});
