import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LxdInstance, LxdInstanceState } from '../../../../lxd/types/instance';
import { DevicesTable } from './DevicesTable';
import { addressRows, NetworkTable } from './NetworkTable';

const state: LxdInstanceState = {
  status: 'Running',
  status_code: 103,
  pid: 42,
  processes: 1,
  disk: null,
  memory: null,
  network: {
    lo: { addresses: [], hwaddr: '', host_name: '', mtu: 0, state: 'up', type: 'loopback' },
    eth1: { addresses: [], hwaddr: '', host_name: '', mtu: 1500, state: 'down', type: 'broadcast' },
    eth0: {
      addresses: [
        { family: 'inet', address: '10.0.0.2', netmask: '24', scope: 'global' },
        { family: 'inet6', address: 'fd00::2', netmask: '64', scope: 'global' },
      ],
      hwaddr: '00:16:3e:00:00:01',
      host_name: 'veth1',
      mtu: 1500,
      state: 'up',
      type: 'broadcast',
    },
  },
};

const loaded = {
  isPending: false,
  isError: false,
  data: state,
} as UseQueryResult<LxdInstanceState>;

const cells = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('the network table', () => {
  it('has a row per address, the interface named once (loopback left out)', () => {
    const rows = addressRows(state);
    expect(rows.map((row) => [row.iface, row.first, row.family, row.address])).toEqual([
      ['eth1', true, '-', undefined],
      ['eth0', true, 'IPv4', '10.0.0.2/24'],
      ['eth0', false, 'IPv6', 'fd00::2/64'],
    ]);
  });

  it('sorts by interface and keeps an interface’s addresses together in order', async () => {
    render(<NetworkTable state={loaded} />);
    const table = screen.getByRole('table', { name: 'Network interfaces' });
    const body = () => within(table).getAllByRole('row').slice(1);
    expect(body().map(cells)).toEqual([
      ['eth0', 'IPv4', '10.0.0.2/24', 'global', '00:16:3e:00:00:01', 'up'],
      ['eth0', 'IPv6', 'fd00::2/64', 'global', '', ''],
      ['eth1', '-', 'No address yet', '-', '-', 'down'],
    ]);
    await userEvent.click(within(table).getByRole('button', { name: 'Interface' }));
    expect(body().map((row) => cells(row).slice(0, 2))).toEqual([
      ['eth1', '-'],
      ['eth0', 'IPv4'],
      ['eth0', 'IPv6'],
    ]);
  });
});

describe('the devices table', () => {
  it('lists own and profile devices by name and sorts by type', async () => {
    const instance = {
      devices: { web: { type: 'proxy', listen: 'tcp:0.0.0.0:80', connect: 'tcp:127.0.0.1:80' } },
      expanded_devices: {
        web: { type: 'proxy', listen: 'tcp:0.0.0.0:80', connect: 'tcp:127.0.0.1:80' },
        root: { type: 'disk', path: '/', pool: 'default' },
        eth0: { type: 'nic', network: 'lxdbr0', name: 'eth0' },
      },
    } as unknown as LxdInstance;
    render(<DevicesTable instance={instance} />);
    const table = screen.getByRole('table', { name: 'Devices' });
    const body = () => within(table).getAllByRole('row').slice(1).map(cells);
    expect(body()).toEqual([
      ['eth0', 'nic', 'Network networklxdbr0Interface name nameeth0', 'profile'],
      ['root', 'disk', 'Mount path path/Storage pool pooldefault', 'profile'],
      ['web', 'proxy', 'Listen listentcp:0.0.0.0:80Connect connecttcp:127.0.0.1:80', 'instance'],
    ]);
    await userEvent.click(within(table).getByRole('button', { name: 'Type' }));
    expect(body().map((row) => row[1])).toEqual(['disk', 'nic', 'proxy']);
  });

  it('says when there are none', () => {
    render(
      <DevicesTable instance={{ devices: {}, expanded_devices: {} } as unknown as LxdInstance} />,
    );
    expect(screen.getByText('No devices.')).toBeInTheDocument();
  });
});
