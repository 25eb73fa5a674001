import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LxdDevice } from '../../lxd/types/instance';
import { IP_ADDRESS_INVALID } from '../validation/network';
import { ConfigForm } from './ConfigForm';
import { NIC_NAME_EMPTY } from './devices';
import { toConfig, toFormValues } from './mapping';
import { nicAddressOutside, type NetworkChoice } from './nic';
import { useConfigForm } from './use-config-form';

const NETWORKS: NetworkChoice[] = [
  { name: 'br0', type: 'bridge', ipv4Address: '10.197.3.1/24', ipv6Address: 'none' },
  { name: 'ovn0', type: 'ovn', ipv4Address: '10.50.0.1/24' },
  { name: 'mv0', type: 'macvlan' },
];

function Harness({
  devices,
  networks = NETWORKS,
  acls = ['web', 'db'],
  pools = ['default'],
}: {
  devices: Record<string, LxdDevice>;
  networks?: readonly NetworkChoice[];
  acls?: readonly string[] | undefined;
  pools?: readonly string[];
}) {
  const entity = { name: 'p1', config: {}, devices };
  const controller = useConfigForm({
    defaultValues: toFormValues(entity),
    toYamlObject: (values) => toConfig(values),
    fromYamlObject: () => toFormValues(entity),
    initialSection: 'devices',
  });
  const values = controller.form.watch();
  return (
    <>
      <ConfigForm
        controller={controller}
        entity="profile"
        pools={pools}
        networks={networks}
        acls={acls}
        main={<p>main</p>}
        label="Test form"
      />
      <output aria-label="devices">{JSON.stringify(toConfig(values).devices)}</output>
    </>
  );
}

const saved = () =>
  JSON.parse(screen.getByLabelText('devices').textContent) as Record<string, LxdDevice>;

describe('NIC devices on managed networks', () => {
  it('picks the network from the list and offers addresses on a bridge, with no ACLs', () => {
    render(<Harness devices={{ eth1: { type: 'nic', network: 'br0' } }} />);
    const card = screen.getByRole('group', { name: 'eth1 (nic)' });
    const network = within(card).getByRole('combobox', { name: 'Network' });
    expect(
      within(network)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None (set a NIC type)', 'br0', 'ovn0', 'mv0']);
    expect(within(card).getByRole('textbox', { name: 'IPv4 address' })).toBeVisible();
    // br0 has no IPv6 (ipv6.address none).
    expect(within(card).queryByRole('textbox', { name: 'IPv6 address' })).toBeNull();
    expect(within(card).queryByRole('group', { name: 'Network ACLs' })).toBeNull();
    expect(card).toHaveTextContent('Network ACLs of a bridge apply to the whole network');
  });

  it('says next to the field that a NIC needs a name once it is emptied', async () => {
    render(<Harness devices={{ eth1: { type: 'nic', network: 'br0' } }} />);
    const card = screen.getByRole('group', { name: 'eth1 (nic)' });
    const name = within(card).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.tab();
    expect(await within(card).findByRole('alert')).toHaveTextContent(NIC_NAME_EMPTY);
    expect(name).toHaveAccessibleDescription(NIC_NAME_EMPTY);
  });

  it('shows the IP message next to the field and keeps a good address', async () => {
    render(<Harness devices={{ eth1: { type: 'nic', network: 'br0' } }} />);
    const field = screen.getByRole('textbox', { name: 'IPv4 address' });
    await userEvent.type(field, '10.197.3.300');
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(IP_ADDRESS_INVALID);
    expect(field).toHaveAccessibleDescription(IP_ADDRESS_INVALID);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(field);
    await userEvent.type(field, '10.197.9.5');
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(nicAddressOutside('10.197.3.0/24'));
    await userEvent.clear(field);
    await userEvent.type(field, '10.197.3.50');
    await userEvent.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saved().eth1).toEqual({ type: 'nic', network: 'br0', 'ipv4.address': '10.197.3.50' });
  });

  it('applies ACLs to an OVN NIC through named checkboxes', async () => {
    render(<Harness devices={{ eth1: { type: 'nic', network: 'ovn0' } }} />);
    const acls = screen.getByRole('group', { name: 'Network ACLs' });
    await userEvent.click(within(acls).getByRole('checkbox', { name: 'db' }));
    await userEvent.click(within(acls).getByRole('checkbox', { name: 'web' }));
    expect(saved().eth1?.['security.acls']).toBe('db,web');
    await userEvent.click(within(acls).getByRole('checkbox', { name: 'db' }));
    expect(saved().eth1?.['security.acls']).toBe('web');
  });

  it('shows ACLs the project does not list, and says when it has none', () => {
    const { unmount } = render(
      <Harness devices={{ eth1: { type: 'nic', network: 'ovn0', 'security.acls': 'gone' } }} />,
    );
    expect(screen.getByRole('checkbox', { name: 'gone (not found)' })).toBeChecked();
    unmount();
    render(<Harness devices={{ eth1: { type: 'nic', network: 'ovn0' } }} acls={[]} />);
    expect(screen.getByRole('group', { name: 'Network ACLs' })).toHaveTextContent(
      'This project has no network ACLs.',
    );
  });

  it('offers no address on macvlan, and a NIC type and parent without a network', async () => {
    render(<Harness devices={{ eth1: { type: 'nic', network: 'mv0' } }} />);
    expect(screen.queryByRole('textbox', { name: 'IPv4 address' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Network' }), '');
    expect(screen.getByRole('combobox', { name: 'NIC type' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Parent' })).toBeVisible();
  });

  it('keeps a network it does not know, and unknown properties in the other rows', () => {
    render(
      <Harness
        devices={{
          eth1: { type: 'nic', network: 'elsewhere', 'ipv4.address': '10.0.0.5', mtu: '1400' },
        }}
      />,
    );
    const network = screen.getByRole('combobox', { name: 'Network' });
    expect(network).toHaveValue('elsewhere');
    expect(within(network).getByRole('option', { name: 'elsewhere (not found)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'IPv4 address' })).toHaveValue('10.0.0.5');
    expect(screen.getByRole('textbox', { name: 'Property 1 name' })).toHaveValue('mtu');
    // A key the label table knows says what it is under the row.
    expect(screen.getByRole('textbox', { name: 'Property 1 name' })).toHaveAccessibleDescription(
      'MTU',
    );
    expect(saved().eth1).toEqual({
      type: 'nic',
      network: 'elsewhere',
      'ipv4.address': '10.0.0.5',
      mtu: '1400',
    });
  });

  it('keeps showing the chosen network when the list arrives after the form', () => {
    const devices = { eth1: { type: 'nic', network: 'br0' } };
    const { rerender } = render(<Harness devices={devices} networks={[]} />);
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('br0');
    rerender(<Harness devices={devices} networks={NETWORKS} />);
    const network = screen.getByRole('combobox', { name: 'Network' });
    expect(network).toHaveValue('br0');
    expect(within(network).getByRole('option', { name: 'br0' })).toHaveProperty('selected', true);
  });

  it("keeps a disk's pool shown when the pools arrive after the form", () => {
    const devices = { data: { type: 'disk', pool: 'fast', source: 'vol1', path: '/data' } };
    const { rerender } = render(<Harness devices={devices} pools={[]} />);
    rerender(<Harness devices={devices} pools={['default', 'fast']} />);
    expect(screen.getByRole('combobox', { name: 'Storage pool' })).toHaveValue('fast');
  });

  it('takes names only from older callers', () => {
    render(
      <Harness devices={{ eth1: { type: 'nic', network: 'lxdbr0' } }} networks={['lxdbr0']} />,
    );
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveValue('lxdbr0');
    expect(screen.getByRole('textbox', { name: 'IPv4 address' })).toBeVisible();
  });
});
