import { describe, expect, it } from 'vitest';
import type { LxdNetwork } from '../../../lxd/types/network';
import { apiUrl, assembleAllocations, hostCidr, type InstanceWithState } from './allocations';

const network = (name: string, config: Record<string, string>, type = 'bridge'): LxdNetwork => ({
  name,
  type,
  description: '',
  config,
  managed: true,
});

const br0 = network('br0', {
  'ipv4.address': '10.197.3.1/24',
  'ipv4.nat': 'true',
  'ipv6.address': 'fd42:1:2:3::1/64',
  'ipv6.nat': 'false',
});
const br1 = network('br1', { 'ipv4.address': '10.198.0.1/24', 'ipv6.address': 'none' });
const eth0 = { ...network('eth0', {}, 'physical'), managed: false };

/** c1 on br0 (running, DHCP lease and SLAAC address); c2 on br1 (stopped, static address). */
const c1: InstanceWithState = {
  name: 'c1',
  project: 'default',
  config: {},
  devices: {},
  expanded_config: { 'volatile.eth0.hwaddr': '00:16:3e:aa:bb:01' },
  expanded_devices: { eth0: { type: 'nic', network: 'br0', name: 'eth0' } },
  state: {
    network: {
      lo: {
        addresses: [{ family: 'inet', address: '127.0.0.1', netmask: '8', scope: 'local' }],
        hwaddr: '',
        host_name: '',
        mtu: 65536,
        state: 'up',
        type: 'loopback',
      },
      eth0: {
        addresses: [
          { family: 'inet', address: '10.197.3.20', netmask: '24', scope: 'global' },
          {
            family: 'inet6',
            address: 'fd42:1:2:3:216:3eff:feaa:bb01',
            netmask: '64',
            scope: 'global',
          },
          { family: 'inet6', address: 'fe80::216:3eff:feaa:bb01', netmask: '64', scope: 'link' },
        ],
        hwaddr: '00:16:3E:AA:BB:01',
        host_name: 'veth1234',
        mtu: 1500,
        state: 'up',
        type: 'broadcast',
      },
    },
  },
};
const c2: InstanceWithState = {
  name: 'c2',
  project: 'default',
  config: { 'volatile.eth1.hwaddr': '00:16:3e:aa:bb:02' },
  devices: {
    eth1: { type: 'nic', nictype: 'bridged', parent: 'br1', 'ipv4.address': '10.198.0.9' },
  },
  state: { network: null },
};

describe('IPAM assembled where the server has no network allocations (LXD 5.0.2)', () => {
  const allocations = assembleAllocations({
    project: 'default',
    networks: [br0, br1, eth0],
    leases: {
      br0: [
        // LXD lists the bridge's own address as a gateway lease: the network row covers it.
        { hostname: 'br0.gw', address: '10.197.3.1', hwaddr: '', type: 'gateway' },
        // A DHCP client may send another host name: the MAC names the instance.
        {
          hostname: 'busybox',
          address: '10.197.3.20',
          hwaddr: '00:16:3e:aa:bb:01',
          type: 'dynamic',
        },
      ],
      br1: [{ hostname: 'c2', address: '10.198.0.9', hwaddr: '00:16:3e:aa:bb:02', type: 'static' }],
    },
    forwards: {
      br0: [{ listen_address: '10.197.3.200', description: '', config: {}, ports: [] }],
    },
    instances: [c1, c2],
  });

  it("lists the networks' own addresses with their NAT", () => {
    expect(allocations.filter((a) => a.type === 'network')).toEqual([
      {
        addresses: '10.197.3.1/24',
        type: 'network',
        used_by: '/1.0/networks/br0',
        nat: true,
        hwaddr: '',
        network: 'br0',
      },
      {
        addresses: 'fd42:1:2:3::1/64',
        type: 'network',
        used_by: '/1.0/networks/br0',
        nat: false,
        hwaddr: '',
        network: 'br0',
      },
      {
        addresses: '10.198.0.1/24',
        type: 'network',
        used_by: '/1.0/networks/br1',
        nat: false,
        hwaddr: '',
        network: 'br1',
      },
    ]);
  });

  it("lists each instance address once, from leases and the instances' NICs, with its MAC", () => {
    expect(allocations.filter((a) => a.type === 'instance')).toEqual([
      {
        addresses: '10.197.3.20/32',
        type: 'instance',
        used_by: '/1.0/instances/c1',
        nat: true,
        hwaddr: '00:16:3e:aa:bb:01',
        network: 'br0',
      },
      {
        addresses: '10.198.0.9/32',
        type: 'instance',
        used_by: '/1.0/instances/c2',
        nat: false,
        hwaddr: '00:16:3e:aa:bb:02',
        network: 'br1',
      },
      // SLAAC: no lease knows it, the NIC does (link-local and loopback are left out).
      {
        addresses: 'fd42:1:2:3:216:3eff:feaa:bb01/128',
        type: 'instance',
        used_by: '/1.0/instances/c1',
        nat: false,
        hwaddr: '00:16:3e:aa:bb:01',
        network: 'br0',
      },
    ]);
  });

  it('lists forwards as ingress (no NAT), with the forward as user', () => {
    expect(allocations.filter((a) => a.type === 'network-forward')).toEqual([
      {
        addresses: '10.197.3.200/32',
        type: 'network-forward',
        used_by: '/1.0/networks/br0/forwards/10.197.3.200',
        nat: false,
        hwaddr: '',
        network: 'br0',
      },
    ]);
  });

  it('skips unmanaged interfaces and gateway leases', () => {
    expect(allocations.some((a) => a.network === 'eth0')).toBe(false);
    expect(allocations.filter((a) => a.addresses.startsWith('10.197.3.1/'))).toHaveLength(1);
    expect(allocations).toHaveLength(7);
  });

  it("names the instances' project in their URL outside the default project", () => {
    const inProject = assembleAllocations({
      project: 'web',
      networks: [br0],
      leases: {
        br0: [
          {
            hostname: 'c9',
            address: '10.197.3.9',
            hwaddr: '00:16:3e:00:00:09',
            type: 'dynamic',
            project: 'web',
          },
        ],
      },
      forwards: {},
      instances: [],
    });
    expect(inProject.map((a) => a.used_by)).toEqual([
      '/1.0/networks/br0?project=web',
      '/1.0/networks/br0?project=web',
      '/1.0/instances/c9?project=web',
    ]);
  });

  it("reads an OVN network's uplink address from its uplink lease", () => {
    const uplink = assembleAllocations({
      project: 'default',
      networks: [br1],
      leases: {
        br1: [
          {
            hostname: 'web-ovn1.uplink',
            address: '10.198.0.100',
            hwaddr: '',
            type: 'uplink',
            project: 'web',
          },
        ],
      },
      forwards: {},
      instances: [],
    });
    expect(uplink[1]).toEqual({
      addresses: '10.198.0.100/32',
      type: 'uplink',
      used_by: '/1.0/networks/ovn1?project=web',
      nat: false,
      hwaddr: '',
      network: 'br1',
    });
  });
});

describe('address helpers', () => {
  it('writes host addresses and URLs as LXD does', () => {
    expect(hostCidr('10.0.0.5')).toBe('10.0.0.5/32');
    expect(hostCidr('FD42:0:0::5')).toBe('fd42::5/128');
    expect(hostCidr('fe80::1%eth0')).toBe('fe80::1/128');
    expect(hostCidr('nope')).toBeUndefined();
    expect(apiUrl(['instances', 'a b'], 'default')).toBe('/1.0/instances/a%20b');
    expect(apiUrl(['networks', 'br0'], 'web')).toBe('/1.0/networks/br0?project=web');
  });
});
