import { describe, expect, it } from 'vitest';
import type { LxdNetwork } from '../../../lxd/types/network';
import { parseUsedBy, usedByRefs } from '../../../lxd/used-by';
import { IP_ADDRESS_INVALID } from '../../../shared/validation';
import {
  addressError,
  addressOfFamilyError,
  creatableNetworkTypes,
  deleteNetworkBlocker,
  describeUsers,
  hostCidrError,
  interfaceListError,
  ipListError,
  isListedNetwork,
  macError,
  matchNetwork,
  mtuError,
  NETWORK_MESSAGES,
  networkTabs,
  unmanagedNetworkMessage,
  ovnAvailable,
  rangeListError,
  renameNetworkBlocker,
  subnetListError,
  validateNetworkName,
  VALUE_MESSAGES,
  vlanError,
} from './rules';

const network = (over: Partial<LxdNetwork> = {}): LxdNetwork => ({
  name: 'br0',
  type: 'bridge',
  description: '',
  config: {},
  managed: true,
  used_by: [],
  ...over,
});

describe('network names', () => {
  it('has the exact uniqueness message', () => {
    expect(NETWORK_MESSAGES.nameExists).toBe('A network with this name already exists');
  });
  it('needs a name', () => {
    expect(validateNetworkName('', 'bridge')).toBe('Network name is required');
  });
  it('refuses URL-unsafe characters and ":" for every type', () => {
    for (const name of ['a/b', 'a?b', 'a&b', 'a+b', 'a:b']) {
      expect(validateNetworkName(name, 'macvlan')).toBe(NETWORK_MESSAGES.nameCharacters);
    }
    expect(validateNetworkName('..', 'ovn')).toBe(NETWORK_MESSAGES.nameDots);
  });
  it('keeps bridges to interface names (2 to 15 characters)', () => {
    expect(validateNetworkName('lxdbr1', 'bridge')).toBeUndefined();
    expect(validateNetworkName('b', 'bridge')).toBe(NETWORK_MESSAGES.interfaceName);
    expect(validateNetworkName('a-very-long-name', 'bridge')).toBe(NETWORK_MESSAGES.interfaceName);
    expect(validateNetworkName('has space', 'bridge')).toBe(NETWORK_MESSAGES.interfaceName);
    // Other types are not interfaces: longer names are fine, up to 63 (spec §9).
    expect(validateNetworkName('a-very-long-name', 'ovn')).toBeUndefined();
    expect(validateNetworkName('x'.repeat(64), 'ovn')).toBe(
      'Network name must be at most 63 characters',
    );
  });
});

describe('addresses with a prefix (CIDR)', () => {
  it('takes auto, none and host addresses for ipv4.address / ipv6.address', () => {
    expect(addressError('auto', 4)).toBeUndefined();
    expect(addressError('none', 6)).toBeUndefined();
    expect(addressError('10.19.7.1/24', 4)).toBeUndefined();
    expect(addressError('fd42:1:2::1/64', 6)).toBeUndefined();
  });
  it('says what is wrong with a bad one', () => {
    expect(addressError('10.19.7.1', 4)).toBe(
      'Enter an IPv4 address with its prefix length, for example 10.0.0.1/24',
    );
    expect(addressError('10.19.7.300/24', 4)).toBe(VALUE_MESSAGES.cidr4);
    expect(addressError('10.19.7.1/33', 4)).toBe(VALUE_MESSAGES.cidr4);
    expect(addressError('fd42::1/64', 4)).toBe(VALUE_MESSAGES.cidr4);
    expect(addressError('10.0.0.1/24', 6)).toBe(
      'Enter an IPv6 address with its prefix length, for example fd42:1:2::1/64',
    );
    expect(addressError('fd42::1/129', 6)).toBe(VALUE_MESSAGES.cidr6);
    expect(addressError('::ffff:10.0.0.1/120', 6)).toBe(VALUE_MESSAGES.cidr6);
  });
  it('refuses the subnet address itself, as LXD does', () => {
    expect(hostCidrError('10.19.7.0/24', 4)).toBe(
      'Use an address inside the subnet, not the subnet itself (10.0.0.1/24, not 10.0.0.0/24)',
    );
    expect(hostCidrError('fd42::/64', 6)).toBe(VALUE_MESSAGES.cidrHost6);
    expect(hostCidrError('fd42::0:1/64', 6)).toBeUndefined();
  });
  it('checks subnet lists (routes): subnet addresses only', () => {
    expect(subnetListError('10.20.0.0/24, 10.21.0.0/16', 4)).toBeUndefined();
    expect(subnetListError('10.20.0.1/24', 4)).toBe(VALUE_MESSAGES.subnets4);
    expect(subnetListError('fd42:20::/64', 6)).toBeUndefined();
    expect(subnetListError('fd42:20::/64,', 6)).toBe(VALUE_MESSAGES.subnets6);
  });
  it('checks range lists (DHCP and OVN ranges)', () => {
    expect(rangeListError('10.0.0.100-10.0.0.200,10.0.0.210-10.0.0.220', 4)).toBeUndefined();
    expect(rangeListError('10.0.0.100', 4)).toBe(
      'Enter IPv4 ranges such as 10.0.0.100-10.0.0.200, separated by commas',
    );
    expect(rangeListError('fd42::100-fd42::200', 6)).toBeUndefined();
    expect(rangeListError('10.0.0.1-10.0.0.2', 6)).toBe(VALUE_MESSAGES.ranges6);
  });
  it('checks single addresses of a family', () => {
    expect(addressOfFamilyError('10.0.0.1', 4)).toBeUndefined();
    expect(addressOfFamilyError('fd42::1', 4)).toBe('Enter an IPv4 address, for example 10.0.0.1');
    expect(addressOfFamilyError('10.0.0.1', 6)).toBe(VALUE_MESSAGES.ip6);
  });
  it('checks IP lists with the spec §5 IP rule', () => {
    expect(ipListError('192.0.2.53, 2001:db8::53', IP_ADDRESS_INVALID)).toBeUndefined();
    expect(ipListError('192.0.2.53,dns', IP_ADDRESS_INVALID)).toBe('Invalid IP address');
  });
});

describe('other values', () => {
  it('checks MTU, VLAN, MAC and interface lists', () => {
    expect(mtuError('1500')).toBeUndefined();
    expect(mtuError('1279')).toBe('MTU must be a whole number from 1280 to 16384');
    expect(mtuError('16385')).toBe(VALUE_MESSAGES.mtu);
    expect(mtuError('15x0')).toBe(VALUE_MESSAGES.mtu);
    expect(vlanError('0')).toBeUndefined();
    expect(vlanError('4094')).toBeUndefined();
    expect(vlanError('4095')).toBe('VLAN ID must be a whole number from 0 to 4094');
    expect(macError('00:16:3e:aa:bb:cc')).toBeUndefined();
    expect(macError('00-16-3e-aa-bb-cc')).toBe(VALUE_MESSAGES.mac);
    expect(interfaceListError('eth1, eth2')).toBeUndefined();
    expect(interfaceListError('eth1,')).toBe(VALUE_MESSAGES.interfaces);
  });
});

describe('used by', () => {
  it('reads used_by URLs', () => {
    expect(parseUsedBy('/1.0/instances/c1?project=p1')).toMatchObject({
      kind: 'instance',
      name: 'c1',
      project: 'p1',
    });
    expect(parseUsedBy('/1.0/profiles/default')).toMatchObject({
      kind: 'profile',
      name: 'default',
      project: 'default',
    });
    expect(parseUsedBy('/1.0/networks/ovn1')).toMatchObject({ kind: 'network', name: 'ovn1' });
    expect(parseUsedBy('/1.0/something/else/x').kind).toBe('other');
  });
  it('says by what a network is used', () => {
    const users = usedByRefs(['/1.0/instances/c1', '/1.0/instances/c2', '/1.0/profiles/default']);
    expect(describeUsers(users)).toBe('2 instances (c1, c2) and 1 profile (default)');
    const many = ['a', 'b', 'c', 'd'].map((name) => parseUsedBy(`/1.0/instances/${name}`));
    expect(describeUsers(many)).toBe('4 instances (a, b, c, …)');
  });
  it('refuses to delete a network in use, saying by what', () => {
    expect(deleteNetworkBlocker(network())).toBeUndefined();
    expect(deleteNetworkBlocker(network({ used_by: ['/1.0/instances/web1'] }))).toBe(
      'This network is used by 1 instance (web1). Remove it from them before deleting it.',
    );
  });
  it('does not change host interfaces', () => {
    expect(deleteNetworkBlocker(network({ managed: false }))).toBe(NETWORK_MESSAGES.unmanaged);
    expect(renameNetworkBlocker(network({ managed: false }))).toBe(NETWORK_MESSAGES.unmanaged);
    expect(renameNetworkBlocker(network())).toBeUndefined();
  });
  it('names the server’s product for host interfaces: LXD’s text as it was, Incus on Incus', () => {
    expect(NETWORK_MESSAGES.unmanaged).toBe(
      'LXD does not manage this host interface: it cannot be changed or deleted here',
    );
    expect(unmanagedNetworkMessage('LXD')).toBe(NETWORK_MESSAGES.unmanaged);
    const incus = 'Incus does not manage this host interface: it cannot be changed or deleted here';
    expect(deleteNetworkBlocker(network({ managed: false }), 'Incus')).toBe(incus);
    expect(renameNetworkBlocker(network({ managed: false }), 'Incus')).toBe(incus);
  });
});

describe('list', () => {
  it('searches name, type and description', () => {
    const row = network({ name: 'lxdbr0', description: 'Lab' });
    expect(matchNetwork('BR0')(row)).toBe(true);
    expect(matchNetwork('lab')(row)).toBe(true);
    expect(matchNetwork('bridge')(row)).toBe(true);
    expect(matchNetwork('ovn')(row)).toBe(false);
  });
  it('leaves out loopback and unknown interfaces, as lxc network list does', () => {
    expect(isListedNetwork({ type: 'loopback' })).toBe(false);
    expect(isListedNetwork({ type: 'unknown' })).toBe(false);
    expect(isListedNetwork({ type: 'physical' })).toBe(true);
  });
});

describe('network types the server offers', () => {
  const ext = ['network_type_macvlan', 'network_type_sriov', 'network_type_physical'];
  it('offers bridge, macvlan, physical and SR-IOV; OVN only with a northbound connection', () => {
    const server = { api_extensions: [...ext, 'network_type_ovn'], config: {} };
    expect(creatableNetworkTypes(server, [], undefined)).toEqual([
      'bridge',
      'macvlan',
      'physical',
      'sriov',
    ]);
    const withOvn = {
      ...server,
      config: { 'network.ovn.northbound_connection': 'tcp:10.0.0.1:6641' },
    };
    expect(creatableNetworkTypes(withOvn, [], undefined)).toContain('ovn');
  });
  it('sees OVN working when an OVN network exists', () => {
    const server = { api_extensions: ['network_type_ovn'], config: {} };
    expect(ovnAvailable(server, [{ type: 'ovn', managed: true }])).toBe(true);
    expect(ovnAvailable({ api_extensions: [], config: {} }, [{ type: 'ovn', managed: true }])).toBe(
      false,
    );
  });
  it('offers only OVN in a project with its own networks', () => {
    const server = {
      api_extensions: [...ext, 'network_type_ovn'],
      config: { 'network.ovn.northbound_connection': 'unix:/run/ovn/nb.sock' },
    };
    const project = { name: 'team', config: { 'features.networks': 'true' } };
    expect(creatableNetworkTypes(server, [], project)).toEqual(['ovn']);
    expect(creatableNetworkTypes({ ...server, config: {} }, [], project)).toEqual([]);
  });
  it('leaves out types whose extension is missing', () => {
    expect(creatableNetworkTypes({ api_extensions: [], config: {} }, [], undefined)).toEqual([
      'bridge',
    ]);
  });
});

describe('detail tabs', () => {
  it('gives host interfaces only an overview', () => {
    expect(networkTabs(network({ managed: false }), true)).toEqual(['overview']);
  });
  it('gives bridges leases and forwards; load balancers to OVN networks with the extension', () => {
    expect(networkTabs(network(), false)).toEqual([
      'overview',
      'configuration',
      'leases',
      'forwards',
    ]);
    expect(networkTabs(network(), true)).not.toContain('load-balancers');
    expect(networkTabs(network({ type: 'ovn' }), false)).not.toContain('load-balancers');
    expect(networkTabs(network({ type: 'ovn' }), true)).toEqual([
      'overview',
      'configuration',
      'leases',
      'forwards',
      'load-balancers',
    ]);
    expect(networkTabs(network({ type: 'macvlan' }), false)).toEqual(['overview', 'configuration']);
  });
});
