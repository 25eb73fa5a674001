import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth, testAuth, testServer } from '../../../testing/render';
import { fakeLxd, renderAt, type FakeHandler } from '../../../testing/fake-lxd';
import { NetworkCreatePage } from './pages/NetworkCreatePage';
import { NetworkDetailPage } from './pages/NetworkDetailPage';
import { NetworkListPage } from './pages/NetworkListPage';
import { NETWORK_MESSAGES, VALUE_MESSAGES } from './rules';

afterEach(() => {
  vi.unstubAllGlobals();
});

const auth = testAuth({
  server: testServer({
    api_extensions: ['network_bridge_acl', 'network_type_macvlan', 'network_type_physical'],
  }),
});

const networks = [
  {
    name: 'lxdbr0',
    type: 'bridge',
    description: 'Lab bridge',
    config: { 'ipv4.address': '10.19.7.1/24', 'ipv6.address': 'none' },
    managed: true,
    status: 'Created',
    locations: ['none'],
    used_by: ['/1.0/instances/c1', '/1.0/profiles/default'],
  },
  {
    name: 'eth0',
    type: 'physical',
    description: '',
    config: {},
    managed: false,
    status: '',
    locations: null,
    used_by: [],
  },
  {
    name: 'lo',
    type: 'loopback',
    description: '',
    config: {},
    managed: false,
    status: '',
    locations: null,
    used_by: [],
  },
];

const eth0State = {
  addresses: [
    { family: 'inet', address: '192.0.2.2', netmask: '24', scope: 'global' },
    { family: 'inet6', address: 'fe80::1', netmask: '64', scope: 'link' },
  ],
  counters: { bytes_received: 2048, bytes_sent: 1024, packets_received: 3, packets_sent: 2 },
  hwaddr: '02:00:00:00:00:01',
  mtu: 1500,
  state: 'up',
  type: 'broadcast',
};

/** Answers the list, the project, a network and its state; `more` answers first. */
function lxd(more: FakeHandler = () => undefined) {
  return fakeLxd((call) => {
    const answer = more(call);
    if (answer) return answer;
    const { url } = call;
    if (url.startsWith('/1.0/networks?')) return { metadata: networks };
    if (url.startsWith('/1.0/network-acls?')) return { metadata: ['/1.0/network-acls/web'] };
    if (url.startsWith('/1.0/networks/eth0/state')) return { metadata: eth0State };
    if (url.startsWith('/1.0/networks/lxdbr0/state')) return { metadata: eth0State };
    if (url.startsWith('/1.0/networks/lxdbr0?')) return { metadata: networks[0], etag: '"e1"' };
    if (url.startsWith('/1.0/networks/eth0?')) return { metadata: networks[1] };
    return undefined;
  });
}

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

  it('shows a CIDR message next to the field and sends nothing', async () => {
    const calls = page();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'br9');
    await userEvent.click(screen.getByRole('button', { name: 'IPv4' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'IPv4 address' }), 'custom');
    const cidr = screen.getByRole('textbox', { name: 'IPv4 address (CIDR)' });
    await userEvent.type(cidr, '10.19.7.0/24');
    await userEvent.tab();
    expect(await screen.findByText(VALUE_MESSAGES.cidrHost4)).toBeInTheDocument();
    expect(cidr).toHaveAccessibleDescription(VALUE_MESSAGES.cidrHost4);
    await userEvent.click(screen.getByRole('button', { name: 'Create network' }));
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

describe('clustered network update', () => {
  it('patches the changed member with target first, then PUTs the shared config with If-Match', async () => {
    const members = [
      { server_name: 'node1', url: '', status: 'Online', message: '' },
      { server_name: 'node2', url: '', status: 'Online', message: '' },
    ];
    const calls = lxd(({ method, url }) => {
      if (url.startsWith('/1.0/cluster/members')) return { metadata: members };
      if (url.startsWith('/1.0/networks/lxdbr0?') && url.includes('target=')) {
        const external = url.includes('node1') ? 'eth1' : '';
        return {
          metadata: {
            ...networks[0],
            config: { ...networks[0]?.config, 'bridge.external_interfaces': external },
          },
        };
      }
      if (method === 'PATCH' || method === 'PUT') return {};
      return undefined;
    });
    renderAt(
      '/project/:project/network/:name/:activeTab?/:section?',
      <NetworkDetailPage />,
      '/project/default/network/lxdbr0/configuration/bridge',
      { ...auth, isClustered: true },
    );
    const node1 = await screen.findByRole('textbox', { name: 'External interfaces on node1' });
    expect(node1).toHaveValue('eth1');
    await userEvent.clear(node1);
    await userEvent.type(node1, 'eth2');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'PUT')).toBe(true);
    });
    const writes = calls.filter((c) => c.method === 'PATCH' || c.method === 'PUT');
    expect(writes.map((c) => `${c.method} ${c.url} ${c.headers.get('If-Match') ?? '-'}`)).toEqual([
      'PATCH /1.0/networks/lxdbr0?project=default&target=node1 -',
      'PUT /1.0/networks/lxdbr0?project=default "e1"',
    ]);
    expect(writes[0]?.body).toEqual({
      description: 'Lab bridge',
      config: { 'bridge.external_interfaces': 'eth2' },
    });
    expect(writes[1]?.body).toEqual({
      description: 'Lab bridge',
      config: { 'ipv4.address': '10.19.7.1/24', 'ipv6.address': 'none' },
    });
  });
});

describe('network detail', () => {
  const detail = (entry: string, more?: FakeHandler, as = auth) => {
    const calls = lxd(more);
    renderAt(
      '/project/:project/network/:name/:activeTab?/:section?',
      <NetworkDetailPage />,
      entry,
      as,
    );
    return calls;
  };

  it('shows the overview with state, counters and users as links; delete says why not', async () => {
    detail('/project/default/network/lxdbr0');
    expect(await screen.findByText('02:00:00:00:00:01')).toBeInTheDocument();
    expect(screen.getByText('2.0 KiB (3 packets)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'c1' })).toHaveAttribute(
      'href',
      '/project/default/instance/c1',
    );
    expect(screen.getByRole('link', { name: 'default' })).toHaveAttribute(
      'href',
      '/project/default/profile/default',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute(
      'title',
      'This network is used by 1 instance (c1) and 1 profile (default). Remove it from them before deleting it.',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Configuration',
      'Leases',
      'Forwards',
    ]);
  });

  const fineGrained = (entitlements: string[], entry: string) =>
    detail(
      entry,
      ({ url }) =>
        url.startsWith('/1.0/networks?')
          ? {
              metadata: networks.map((network) => ({
                ...network,
                used_by: [],
                access_entitlements: entitlements,
              })),
            }
          : url.startsWith('/1.0/networks/lxdbr0?')
            ? { metadata: { ...networks[0], used_by: [] }, etag: '"e1"' }
            : url.startsWith('/1.0/networks/lxdbr0/forwards?')
              ? { metadata: [] }
              : undefined,
      { ...fineGrainedAuth(), server: auth.server },
    );

  it('fine-grained without can_edit and can_delete: rename, delete, save and forwards say why', async () => {
    const calls = fineGrained([], '/project/default/network/lxdbr0/configuration');
    const save = await screen.findByRole('button', { name: 'Save changes' });
    const noEdit = 'You do not have permission to change this network';
    await waitFor(() => {
      expect(save).toHaveAccessibleDescription(noEdit);
    });
    expect(save).toBeDisabled();
    const rename = screen.getByRole('button', { name: 'Rename' });
    expect(rename).toBeDisabled();
    expect(rename).toHaveAccessibleDescription('You do not have permission to rename this network');
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('You do not have permission to delete this network');
    expect(calls.map((c) => c.url)).toContain(
      '/1.0/networks?project=default&recursion=1&with-access-entitlements=can_edit%2Ccan_delete',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Forwards' }));
    const [create] = await screen.findAllByRole('button', { name: 'Create forward' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(noEdit);
  });

  it('fine-grained with can_edit and can_delete: rename and delete are enabled', async () => {
    fineGrained(['can_edit', 'can_delete'], '/project/default/network/lxdbr0');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Rename' })).toBeEnabled();
    });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('shows host interfaces as such: overview only, no rename or delete', async () => {
    detail('/project/default/network/eth0');
    expect(await screen.findByRole('note')).toHaveTextContent('eth0 is a host interface');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview']);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lists the DHCP leases, with their member in a cluster', async () => {
    detail(
      '/project/default/network/lxdbr0/leases',
      ({ url }) =>
        url.startsWith('/1.0/networks/lxdbr0/leases')
          ? {
              metadata: [
                {
                  hostname: 'c1',
                  address: '10.19.7.50',
                  hwaddr: '00:16:3e:00:00:50',
                  type: 'dynamic',
                  location: 'node1',
                },
              ],
            }
          : undefined,
      { ...auth, isClustered: true },
    );
    const table = await screen.findByRole('table', { name: 'DHCP leases' });
    expect(within(table).getByRole('row', { name: /c1/ })).toHaveTextContent(
      'c110.19.7.5000:16:3e:00:00:50dynamicnode1',
    );
  });

  it('sends nothing when the only change is an auto address (spec §5)', async () => {
    const noAddress = { ...networks[0], config: { 'dns.domain': 'lab' } };
    const calls = detail('/project/default/network/lxdbr0/configuration/ipv4', ({ url }) =>
      url.startsWith('/1.0/networks/lxdbr0?') ? { metadata: noAddress, etag: '"e1"' } : undefined,
    );
    const address = await screen.findByRole('combobox', { name: 'IPv4 address' });
    await userEvent.selectOptions(address, 'none');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeEnabled();
    await userEvent.selectOptions(address, 'auto');
    expect(save).toBeDisabled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves with If-Match; a 412 says it is a conflict and keeps the edits', async () => {
    const calls = detail('/project/default/network/lxdbr0/configuration', ({ method }) =>
      method === 'PUT' ? { status: 412, error: 'ETag mismatch' } : undefined,
    );
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await userEvent.clear(description);
    await userEvent.type(description, 'mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Someone else changed this network')).toBeInTheDocument();
    expect(description).toHaveValue('mine');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.headers.get('If-Match')).toBe('"e1"');
    expect(put?.body).toEqual({
      description: 'mine',
      config: { 'ipv4.address': '10.19.7.1/24', 'ipv6.address': 'none' },
    });
  });
});
