import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../../shared/auth/context';
import { fineGrainedAuth, testAuth, testServer } from '../../../testing/render';
import { nicAddressOutside } from '../../../shared/config-form';
import { fakeLxd, renderAt, type FakeCall } from '../../../testing/fake-lxd';
import { CreateInstancePage } from './CreateInstancePage';
import { DEFAULT_PROFILES } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

const volumes = [
  { name: 'data', type: 'custom', content_type: 'filesystem', config: {}, description: '' },
  { name: 'ubuntu-24-04', type: 'custom', content_type: 'iso', config: {}, description: '' },
  { name: 'data/snap0', type: 'custom', content_type: 'filesystem', config: {}, description: '' },
];

function lxd(calls?: (call: FakeCall) => void) {
  return fakeLxd((call) => {
    calls?.(call);
    const { url, method } = call;
    if (url.startsWith('/1.0/profiles?')) return DEFAULT_PROFILES;
    if (url.startsWith('/1.0/storage-pools?') && url.includes('recursion=1')) {
      return { metadata: [{ name: 'default', driver: 'dir', config: {}, description: '' }] };
    }
    if (url.startsWith('/1.0/storage-pools?')) return { metadata: ['/1.0/storage-pools/default'] };
    if (url.startsWith('/1.0/storage-pools/default/volumes?')) return { metadata: volumes };
    if (url.startsWith('/1.0/networks?')) {
      return {
        metadata: [
          {
            name: 'br0',
            type: 'bridge',
            managed: true,
            description: '',
            status: 'Created',
            config: { 'ipv4.address': '10.197.3.1/24', 'ipv6.address': 'none' },
            used_by: [],
            locations: ['none'],
          },
        ],
      };
    }
    if (method === 'POST' && url.startsWith('/1.0/instances?')) {
      return { status: 400, error: 'stop here' };
    }
    return undefined;
  });
}

const auth = testAuth({
  server: testServer({
    api_extensions: ['custom_volume_iso'],
    environment: { server_version: '6.1', server_clustered: false, driver: 'lxc | qemu' },
  }),
});

describe('attaching a custom ISO to a new virtual machine', () => {
  it('boots an empty VM from the chosen ISO (source none, iso-volume first in boot order)', async () => {
    const calls = lxd();
    renderAt(
      '/project/:project/instances/create',
      <CreateInstancePage />,
      '/project/default/instances/create',
      auth,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Instance name' }), 'vm1');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Instance type' }),
      'virtual-machine',
    );
    const iso = screen.getByRole('combobox', { name: 'Boot ISO' });
    await waitFor(() => {
      expect(
        within(iso)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['None', 'ubuntu-24-04 (pool default)']);
    });
    await userEvent.selectOptions(iso, 'default/ubuntu-24-04');
    expect(
      screen.getByText('None: an empty virtual machine that boots from the ISO'),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'POST')).toBe(true);
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'vm1',
      type: 'virtual-machine',
      source: { type: 'none' },
      devices: {
        'iso-volume': {
          type: 'disk',
          pool: 'default',
          source: 'ubuntu-24-04',
          'boot.priority': '10',
        },
      },
    });
    expect(await screen.findByText('stop here')).toBeInTheDocument();
  });

  it('offers no ISO for containers or on servers without custom ISOs', async () => {
    lxd();
    const { unmount } = renderAt(
      '/project/:project/instances/create',
      <CreateInstancePage />,
      '/project/default/instances/create',
      auth,
    );
    expect(screen.queryByRole('combobox', { name: 'Boot ISO' })).toBeNull();
    unmount();
    renderAt(
      '/project/:project/instances/create',
      <CreateInstancePage />,
      '/project/default/instances/create',
      testAuth({
        server: testServer({
          environment: { server_version: '5.0.2', server_clustered: false, driver: 'lxc | qemu' },
        }),
      }),
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Instance type' }),
      'virtual-machine',
    );
    expect(screen.queryByRole('combobox', { name: 'Boot ISO' })).toBeNull();
  });
});

describe('a NIC with a static address on a new instance', () => {
  it('refuses an address outside the network: the message next to the field, nothing sent', async () => {
    const calls = lxd();
    renderAt(
      '/project/:project/instances/create',
      <CreateInstancePage />,
      '/project/default/instances/create',
      auth,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Instance name' }), 'vm2');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Instance type' }),
      'virtual-machine',
    );
    const iso = screen.getByRole('combobox', { name: 'Boot ISO' });
    await waitFor(() => {
      expect(within(iso).getAllByRole('option')).toHaveLength(2);
    });
    await userEvent.selectOptions(iso, 'default/ubuntu-24-04');
    const sections = screen.getByRole('navigation', { name: 'Instance configuration sections' });
    await userEvent.click(within(sections).getByRole('button', { name: /Devices/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add network' }));
    const card = await screen.findByRole('group', { name: /\(nic\)$/ });
    await waitFor(() => {
      expect(within(card).getByRole('combobox', { name: 'Network' })).toHaveValue('br0');
    });
    await userEvent.type(within(card).getByRole('textbox', { name: 'IPv4 address' }), '10.197.9.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await within(card).findByText(nicAddressOutside('10.197.3.0/24'))).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.clear(within(card).getByRole('textbox', { name: 'IPv4 address' }));
    await userEvent.type(within(card).getByRole('textbox', { name: 'IPv4 address' }), '10.197.3.9');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'POST')).toBe(true);
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(Object.values((post?.body as { devices: object }).devices)).toContainEqual({
      type: 'nic',
      network: 'br0',
      'ipv4.address': '10.197.3.9',
    });
  });
});

describe('creating in fine-grained mode', () => {
  const page = (auth: AuthState) =>
    renderAt(
      '/project/:project/instances/create',
      <CreateInstancePage />,
      '/project/default/instances/create',
      auth,
    );

  it('disables Create and Create and start without can_create_instances, saying why', () => {
    lxd();
    page(fineGrainedAuth());
    for (const name of ['Create', 'Create and start']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(
        'You do not have permission to create instances in this project',
      );
    }
  });

  it('enables them with can_create_instances', () => {
    lxd();
    page(fineGrainedAuth({ project: ['can_create_instances'] }));
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create and start' })).toBeEnabled();
  });
});
