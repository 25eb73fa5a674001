import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineGrainedAuth, testServer } from '../../../testing/render';
import { renderAt, type FakeHandler } from '../../../testing/fake-lxd';
import { auth, lxd, networks } from './testing';
import { NetworkDetailPage } from './pages/NetworkDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
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
      'History',
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

  it('says which product does not manage a host interface: LXD, or Incus on Incus', async () => {
    detail('/project/default/network/eth0');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'eth0 is a host interface that LXD does not manage: it can be used as a parent or uplink, but not changed here.',
    );
    cleanup();
    const incus = testServer({
      ...auth.server,
      environment: { server: 'incus', server_version: '6.0.4' },
    });
    detail('/project/default/network/eth0', undefined, { ...auth, server: incus });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'eth0 is a host interface that Incus does not manage: it can be used as a parent or uplink, but not changed here.',
    );
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
