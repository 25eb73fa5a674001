import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testServer } from '../../../testing/render';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { ASSEMBLED_NOTICE, IpamPage } from './pages/IpamPage';
import { addressOrder, allocationNetwork, ipamRows, matchIpamRow, parseUsedBy } from './rules';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Allocations as LXD 6 answers GET /1.0/network-allocations?project=web. */
const ALLOCATIONS = [
  {
    addresses: '10.0.0.1/24',
    hwaddr: '',
    nat: true,
    network: 'br0',
    type: 'network',
    used_by: '/1.0/networks/br0?project=web',
  },
  {
    addresses: '10.0.0.20/32',
    hwaddr: '00:16:3e:12:34:56',
    nat: true,
    network: 'br0',
    type: 'instance',
    used_by: '/1.0/instances/c1?project=web',
  },
  {
    addresses: '10.0.0.200/32',
    hwaddr: '',
    nat: false,
    network: 'br0',
    type: 'network-forward',
    used_by: '/1.0/networks/br0/forwards/10.0.0.200?project=web',
  },
  {
    addresses: '10.9.0.5/32',
    hwaddr: '',
    nat: false,
    network: 'ovn0',
    type: 'network-load-balancer',
    used_by: '/1.0/networks/ovn0/load-balancers/10.9.0.5?project=web',
  },
];

const withAllocations = testAuth({
  server: testServer({ api_extensions: ['network_allocations'] }),
  projects: [{ name: 'web', description: '', config: {} }],
});

describe('IPAM rows', () => {
  it('reads the user of each allocation from its URL', () => {
    expect(parseUsedBy('/1.0/instances/c1?project=web')).toEqual({
      kind: 'instance',
      name: 'c1',
      project: 'web',
      network: '',
      label: 'c1',
    });
    expect(parseUsedBy('/1.0/instances/c%201')).toMatchObject({ name: 'c 1', project: 'default' });
    expect(parseUsedBy('/1.0/networks/br0/forwards/10.0.0.200')).toMatchObject({
      kind: 'network-forward',
      name: '10.0.0.200',
      network: 'br0',
      label: 'Forward on br0',
    });
    expect(parseUsedBy('/1.0/networks/ovn0/load-balancers/10.9.0.5')).toMatchObject({
      kind: 'network-load-balancer',
      label: 'Load balancer on ovn0',
    });
    expect(parseUsedBy('/1.0/networks/br0')).toMatchObject({ kind: 'network', name: 'br0' });
    expect(parseUsedBy('/1.0/somewhere/else')).toMatchObject({ kind: 'other' });
  });

  it('orders addresses by number, IPv4 first', () => {
    const sorted = ['10.0.0.20', 'fd42::1', '10.0.0.3', '9.1.1.1'].sort((a, b) =>
      addressOrder(a).localeCompare(addressOrder(b)),
    );
    expect(sorted).toEqual(['9.1.1.1', '10.0.0.3', '10.0.0.20', 'fd42::1']);
  });

  it('searches address, user, MAC, network and type', () => {
    const rows = ipamRows(ALLOCATIONS);
    const find = (term: string) => rows.filter(matchIpamRow(term)).map((row) => row.address);
    expect(find('c1')).toEqual(['10.0.0.20/32']);
    expect(find('3E:12')).toEqual(['10.0.0.20/32']);
    expect(find('load balancer')).toEqual(['10.9.0.5/32']);
    expect(find('ovn0')).toEqual(['10.9.0.5/32']);
    expect(find('')).toHaveLength(4);
  });

  it('takes the network from used_by where Incus 6.0 does not name it, else leaves it unknown', () => {
    const incus = ALLOCATIONS.map((allocation) => ({ ...allocation, network: undefined }));
    expect(ipamRows(incus).map((row) => row.network)).toEqual(['br0', '', 'br0', 'ovn0']);
    const own = { addresses: '10.1.0.1/24', type: 'network', used_by: '/1.0/networks/my%20net' };
    expect(allocationNetwork({ ...own, nat: false, hwaddr: '' })).toBe('my net');
  });
});

describe('the IPAM page', () => {
  it('lists the network allocations where the server has them, each user linked', async () => {
    const calls = fakeLxd(({ url }) =>
      url.startsWith('/1.0/network-allocations?') ? { metadata: ALLOCATIONS } : undefined,
    );
    renderAt(
      '/project/:project/network-ipam',
      <IpamPage />,
      '/project/web/network-ipam',
      withAllocations,
    );
    const table = await screen.findByRole('table', { name: 'IP addresses' });
    expect(calls.map((call) => call.url)).toEqual(['/1.0/network-allocations?project=web']);
    expect(screen.queryByText(ASSEMBLED_NOTICE)).toBeNull();
    const instance = within(table).getByRole('row', { name: /10\.0\.0\.20\/32/ });
    expect(instance).toHaveTextContent('Instance');
    expect(instance).toHaveTextContent('00:16:3e:12:34:56');
    expect(instance).toHaveTextContent('Yes');
    expect(within(instance).getByRole('link', { name: 'c1' })).toHaveAttribute(
      'href',
      '/project/web/instance/c1',
    );
    expect(within(instance).getByRole('link', { name: 'br0' })).toHaveAttribute(
      'href',
      '/project/web/network/br0',
    );
    const forward = within(table).getByRole('row', { name: /10\.0\.0\.200\/32/ });
    expect(within(forward).getByRole('link', { name: 'Forward on br0' })).toHaveAttribute(
      'href',
      '/project/web/network/br0/forwards/10.0.0.200/edit',
    );
    const balancer = within(table).getByRole('row', { name: /10\.9\.0\.5\/32/ });
    expect(within(balancer).getByRole('link', { name: 'Load balancer on ovn0' })).toHaveAttribute(
      'href',
      '/project/web/network/ovn0/load-balancers',
    );
  });

  it('filters by type and network in the URL', async () => {
    fakeLxd(({ url }) =>
      url.startsWith('/1.0/network-allocations?') ? { metadata: ALLOCATIONS } : undefined,
    );
    renderAt(
      '/project/:project/network-ipam',
      <IpamPage />,
      '/project/web/network-ipam?network=br0',
      withAllocations,
    );
    const table = await screen.findByRole('table', { name: 'IP addresses' });
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('br0');
    expect(within(table).getAllByRole('row')).toHaveLength(4); // the header and 3 rows
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'instance');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/project/web/network-ipam?network=br0&type=instance',
    );
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('assembles the list on a server without network allocations, and says so', async () => {
    const calls = fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/networks?')) {
        return {
          metadata: [
            {
              name: 'br0',
              type: 'bridge',
              managed: true,
              description: '',
              config: { 'ipv4.address': '10.0.0.1/24', 'ipv4.nat': 'true', 'ipv6.address': 'none' },
            },
          ],
        };
      }
      if (url.startsWith('/1.0/instances?')) return { metadata: [] };
      if (url.startsWith('/1.0/networks/br0/leases?')) {
        return {
          metadata: [
            { hostname: 'c1', address: '10.0.0.20', hwaddr: '00:16:3e:12:34:56', type: 'dynamic' },
          ],
        };
      }
      if (url.startsWith('/1.0/networks/br0/forwards?')) return { metadata: [] };
      return undefined;
    });
    renderAt('/project/:project/network-ipam', <IpamPage />, '/project/default/network-ipam');
    const table = await screen.findByRole('table', { name: 'IP addresses' });
    expect(screen.getByRole('note')).toHaveTextContent(ASSEMBLED_NOTICE);
    const row = within(table).getByRole('row', { name: /10\.0\.0\.20\/32/ });
    expect(row).toHaveTextContent('00:16:3e:12:34:56');
    expect(within(row).getByRole('link', { name: 'c1' })).toHaveAttribute(
      'href',
      '/project/default/instance/c1',
    );
    const urls = calls.map((call) => call.url);
    expect(urls).toContain('/1.0/instances?project=default&recursion=2');
    expect(urls).toContain('/1.0/networks/br0/leases?project=default');
    expect(urls).toContain('/1.0/networks/br0/forwards?project=default&recursion=1');
    expect(urls.some((url) => url.startsWith('/1.0/network-allocations'))).toBe(false);
  });

  it('says when nothing is allocated', async () => {
    fakeLxd(({ url }) =>
      url.startsWith('/1.0/network-allocations?') ? { metadata: [] } : undefined,
    );
    renderAt(
      '/project/:project/network-ipam',
      <IpamPage />,
      '/project/web/network-ipam',
      withAllocations,
    );
    await waitFor(() => {
      expect(screen.getByText('No addresses are allocated in this project')).toBeVisible();
    });
  });
});
