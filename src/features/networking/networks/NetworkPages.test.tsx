import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth } from '../../../testing/render';
import { renderAt, type FakeHandler } from '../../../testing/fake-lxd';
import { auth, lxd } from './testing';
import { NetworkCreatePage } from './pages/NetworkCreatePage';
import { NetworkListPage } from './pages/NetworkListPage';
import { NETWORK_MESSAGES, VALUE_MESSAGES } from './rules';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('network list', () => {
  it('shows managed networks and host interfaces, without loopback', async () => {
    lxd();
    renderAt('/project/:project/networks', <NetworkListPage />, '/project/default/networks', auth);
    const table = await screen.findByRole('table', { name: 'Networks' });
    const bridge = within(table).getByRole('row', { name: /lxdbr0/ });
    expect(bridge).toHaveTextContent('lxdbr0BridgeYes10.19.7.1/24noneLab bridge2Created');
    expect(within(bridge).getByRole('link', { name: 'lxdbr0' })).toHaveAttribute(
      'href',
      '/project/default/network/lxdbr0',
    );
    const host = within(table).getByRole('row', { name: /eth0/ });
    await waitFor(() => {
      expect(host).toHaveTextContent('eth0PhysicalNo192.0.2.2/24-0Up');
    });
    expect(within(table).queryByText('lo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create network' })).toHaveAttribute(
      'href',
      '/project/default/networks/create',
    );
  });

  it('filters by type and managed in the URL', async () => {
    lxd();
    renderAt(
      '/project/:project/networks',
      <NetworkListPage />,
      '/project/default/networks?managed=no',
      auth,
    );
    const table = await screen.findByRole('table', { name: 'Networks' });
    expect(within(table).queryByRole('link', { name: 'lxdbr0' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Managed' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'bridge');
    expect(within(table).getByRole('link', { name: 'lxdbr0' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'eth0' })).toBeNull();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('type=bridge');
    });
  });

  it('disables create without can_create_networks, saying why', async () => {
    const calls = lxd();
    renderAt('/project/:project/networks', <NetworkListPage />, '/project/default/networks', {
      ...fineGrainedAuth({ project: ['can_edit'] }),
      server: auth.server,
    });
    const button = await screen.findByRole('button', { name: 'Create network' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'You do not have permission to create networks in this project',
    );
    expect(calls.map((c) => c.url)).toContain(
      '/1.0/networks?project=default&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
  });
});

describe('network create', () => {
  const page = (more?: FakeHandler) => {
    const calls = lxd(more);
    renderAt(
      '/project/:project/networks/create',
      <NetworkCreatePage />,
      '/project/default/networks/create',
      auth,
    );
    return calls;
  };

  it('offers the server’s types and says a name is taken (spec §7 name check)', async () => {
    const calls = page();
    const type = await screen.findByRole('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bridge', 'Macvlan', 'Physical']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'lxdbr0');
    expect(await screen.findByText(NETWORK_MESSAGES.nameExists)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/1.0/networks/lxdbr0?project=default');
  });

  it('shows a CIDR message next to the field, sends nothing and goes back to it', async () => {
    const calls = page();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'br9');
    await userEvent.click(screen.getByRole('button', { name: 'IPv4' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'IPv4 address' }), 'custom');
    const cidr = screen.getByRole('textbox', { name: 'IPv4 address (CIDR)' });
    await userEvent.type(cidr, '10.19.7.0/24');
    await userEvent.tab();
    expect(await screen.findByText(VALUE_MESSAGES.cidrHost4)).toBeInTheDocument();
    expect(cidr).toHaveAccessibleDescription(VALUE_MESSAGES.cidrHost4);
    await userEvent.click(screen.getByRole('button', { name: 'Main configuration' }));
    expect(screen.queryByRole('textbox', { name: 'IPv4 address (CIDR)' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create network' }));
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'IPv4 address (CIDR)' })).toHaveFocus();
    });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a bridge with the chosen keys and opens it', async () => {
    const calls = page(({ method, url }) => {
      if (url.startsWith('/1.0/networks/br9?') && method === 'GET') {
        return { status: 404, error: 'Network not found' };
      }
      if (method === 'POST') return {};
      return undefined;
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'br9');
    await userEvent.click(screen.getByRole('button', { name: 'IPv4' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'IPv4 address' }), 'custom');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'IPv4 address (CIDR)' }),
      '10.19.7.1/24',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'DHCP' }), 'true');
    await userEvent.click(screen.getByRole('button', { name: 'DNS' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Domain' }), 'lab.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create network' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/default/network/br9');
    });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/1.0/networks?project=default');
    expect(post?.body).toEqual({
      name: 'br9',
      type: 'bridge',
      description: '',
      config: { 'ipv4.address': '10.19.7.1/24', 'ipv4.dhcp': 'true', 'dns.domain': 'lab.test' },
    });
  });

  it('keeps the form when LXD refuses, with its message', async () => {
    page(({ method, url }) => {
      if (url.startsWith('/1.0/networks/br9?') && method === 'GET') {
        return { status: 404, error: 'Network not found' };
      }
      if (method === 'POST') return { status: 400, error: 'Failed to start dnsmasq' };
      return undefined;
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'br9');
    await userEvent.click(screen.getByRole('button', { name: 'Create network' }));
    expect(await screen.findByText('Failed to start dnsmasq')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('br9');
  });
});

describe('clustered network create (spec §7, §8)', () => {
  const clustered = { ...auth, isClustered: true };
  const members = [
    { server_name: 'node2', url: '', status: 'Online', message: '' },
    { server_name: 'node1', url: '', status: 'Online', message: '' },
  ];

  async function fillMacvlan() {
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'mv0');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'macvlan');
    const group = screen.getByRole('group', { name: 'Parent per cluster member' });
    await userEvent.type(within(group).getByRole('combobox', { name: 'Parent on node1' }), 'eth0');
    await userEvent.type(within(group).getByRole('combobox', { name: 'Parent on node2' }), 'eth1');
    await userEvent.type(screen.getByRole('textbox', { name: 'MTU' }), '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Create network' }));
  }

  it('sends each member its parent with target first, then the shared config', async () => {
    const calls = lxd(({ method, url }) => {
      if (url.startsWith('/1.0/cluster/members')) return { metadata: members };
      if (url.startsWith('/1.0/networks/mv0?') && method === 'GET') {
        return { status: 404, error: 'Network not found' };
      }
      if (method === 'POST') return {};
      return undefined;
    });
    renderAt(
      '/project/:project/networks/create',
      <NetworkCreatePage />,
      '/project/default/networks/create',
      clustered,
    );
    await fillMacvlan();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/project/default/network/mv0');
    });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual([
      '/1.0/networks?project=default&target=node1',
      '/1.0/networks?project=default&target=node2',
      '/1.0/networks?project=default',
    ]);
    expect(posts.map((c) => c.body)).toEqual([
      { name: 'mv0', type: 'macvlan', config: { parent: 'eth0' } },
      { name: 'mv0', type: 'macvlan', config: { parent: 'eth1' } },
      { name: 'mv0', type: 'macvlan', description: '', config: { mtu: '1500' } },
    ]);
  });

  it('names the member that failed, keeps the form and sends nothing more', async () => {
    const calls = lxd(({ method, url }) => {
      if (url.startsWith('/1.0/cluster/members')) return { metadata: members };
      if (url.startsWith('/1.0/networks/mv0?') && method === 'GET') {
        return { status: 404, error: 'Network not found' };
      }
      if (method === 'POST' && url.includes('target=node2')) {
        return { status: 400, error: 'Parent interface "eth1" not found' };
      }
      if (method === 'POST') return {};
      return undefined;
    });
    renderAt(
      '/project/:project/networks/create',
      <NetworkCreatePage />,
      '/project/default/networks/create',
      clustered,
    );
    await fillMacvlan();
    expect(
      await screen.findByText('Error from cluster member node2: Parent interface "eth1" not found'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('mv0');
  });
});
