import { describe, expect, it } from 'vitest';
import { IP_ADDRESS_INVALID } from '../validation/network';
import {
  deviceProblems,
  fromDeviceEntry,
  nicAddressProblems,
  propKey,
  toDeviceEntry,
} from './devices';
import {
  NIC_ADDRESS_ZONE,
  NIC_IPV4_EXPECTED,
  NIC_IPV6_EXPECTED,
  networkSubnet,
  nicAddressError,
  nicAddressOutside,
  nicFieldsFor,
  splitAcls,
  toNicNetworks,
  toggleAcl,
  type NicNetwork,
} from './nic';

const bridge: NicNetwork = {
  name: 'br0',
  type: 'bridge',
  ipv4Address: '10.197.3.1/24',
  ipv6Address: 'fd42:1:2:3::1/64',
};
const ovn: NicNetwork = { name: 'ovn0', type: 'ovn', ipv4Address: '10.50.0.1/24' };

describe('NIC address rules (spec §5 IP rule, a plain address of the field family)', () => {
  it("uses the spec's IP message for what is no address: 'Invalid IP address'", () => {
    expect(IP_ADDRESS_INVALID).toBe('Invalid IP address');
    expect(nicAddressError('ipv4Address', '10.197.3.300', bridge)).toBe(IP_ADDRESS_INVALID);
    expect(nicAddressError('ipv4Address', 'web', bridge)).toBe(IP_ADDRESS_INVALID);
    expect(nicAddressError('ipv4Address', '10.197.3.5/24', bridge)).toBe(IP_ADDRESS_INVALID);
    expect(nicAddressError('ipv6Address', 'fd42::g', bridge)).toBe(IP_ADDRESS_INVALID);
  });

  it('accepts an address of the family inside the subnet, empty (DHCP) and none', () => {
    expect(nicAddressError('ipv4Address', '10.197.3.50', bridge)).toBeUndefined();
    expect(nicAddressError('ipv4Address', ' 10.197.3.50 ', bridge)).toBeUndefined();
    expect(nicAddressError('ipv6Address', 'fd42:1:2:3::50', bridge)).toBeUndefined();
    expect(nicAddressError('ipv4Address', '', bridge)).toBeUndefined();
    expect(nicAddressError('ipv4Address', 'none', bridge)).toBeUndefined();
  });

  it('wants the field family', () => {
    expect(NIC_IPV4_EXPECTED).toBe('Enter an IPv4 address here, like 10.0.0.10');
    expect(NIC_IPV6_EXPECTED).toBe('Enter an IPv6 address here, like fd42::10');
    expect(nicAddressError('ipv4Address', 'fd42:1:2:3::50', bridge)).toBe(NIC_IPV4_EXPECTED);
    expect(nicAddressError('ipv6Address', '10.197.3.50', bridge)).toBe(NIC_IPV6_EXPECTED);
  });

  it('takes no zone: the spec rule allows one, a NIC address cannot have it', () => {
    expect(NIC_ADDRESS_ZONE).toBe('A NIC address takes no zone (the part from %)');
    expect(nicAddressError('ipv6Address', 'fe80::1%eth0', bridge)).toBe(NIC_ADDRESS_ZONE);
  });

  it("must be in the network's subnet, named in the message", () => {
    expect(nicAddressOutside('10.197.3.0/24')).toBe(
      "The address must be in the network's subnet 10.197.3.0/24",
    );
    expect(nicAddressError('ipv4Address', '10.197.4.5', bridge)).toBe(
      nicAddressOutside('10.197.3.0/24'),
    );
    expect(nicAddressError('ipv6Address', 'fd42:1:2:4::5', bridge)).toBe(
      nicAddressOutside('fd42:1:2:3::/64'),
    );
    // Without a known subnet (a network given by name only, or 'none'), any address passes.
    expect(nicAddressError('ipv4Address', '192.0.2.5')).toBeUndefined();
    expect(
      nicAddressError('ipv4Address', '192.0.2.5', { ...bridge, ipv4Address: 'none' }),
    ).toBeUndefined();
  });

  it('reads the subnet from the network address', () => {
    expect(networkSubnet('10.197.3.1/24')).toBe('10.197.3.0/24');
    expect(networkSubnet('fd42:1:2:3::1/64')).toBe('fd42:1:2:3::/64');
    expect(networkSubnet('auto')).toBeUndefined();
    expect(networkSubnet(undefined)).toBeUndefined();
  });
});

describe('fields a NIC takes per network type', () => {
  const fields = (ipv4Address: boolean, ipv6Address: boolean, acls: boolean) => ({
    ipv4Address,
    ipv6Address,
    acls,
  });

  it('bridge: addresses; OVN: addresses and ACLs; macvlan and others: neither', () => {
    expect(nicFieldsFor(bridge)).toEqual(fields(true, true, false));
    expect(nicFieldsFor(ovn)).toEqual(fields(true, true, true));
    expect(nicFieldsFor({ name: 'mv', type: 'macvlan' })).toEqual(fields(false, false, false));
    expect(nicFieldsFor(undefined)).toEqual(fields(false, false, false));
    // Callers that pass names only: the type is unknown, addresses are offered.
    expect(nicFieldsFor(toNicNetworks(['lxdbr0'])[0])).toEqual(fields(true, true, false));
  });

  it('offers no address of a family the network has none of', () => {
    expect(nicFieldsFor({ ...bridge, ipv6Address: 'none' })).toEqual(fields(true, false, false));
    expect(nicFieldsFor({ ...ovn, ipv4Address: 'none' })).toEqual(fields(false, true, true));
  });
});

describe('security.acls', () => {
  it('is a comma-separated list; toggling keeps the order of the others', () => {
    expect(splitAcls(' web , ,db')).toEqual(['web', 'db']);
    expect(toggleAcl('web,db', 'ssh', true)).toBe('web,db,ssh');
    expect(toggleAcl('web,db,ssh', 'db', false)).toBe('web,ssh');
    expect(toggleAcl('', 'web', true)).toBe('web');
    expect(toggleAcl('web', 'web', true)).toBe('web');
  });
});

describe('NIC devices in the form', () => {
  it('keeps ipv4.address, ipv6.address and security.acls as fields, the rest as rows', () => {
    const entry = toDeviceEntry('eth1', {
      type: 'nic',
      network: 'ovn0',
      'ipv4.address': '10.50.0.10',
      'ipv6.address': 'fd42::10',
      'security.acls': 'web,db',
      'security.acls.default.ingress.action': 'drop',
      name: 'eth1',
    });
    expect(entry.props).toMatchObject({
      network: 'ovn0',
      ipv4Address: '10.50.0.10',
      ipv6Address: 'fd42::10',
      securityAcls: 'web,db',
    });
    expect(entry.extra).toEqual([
      { key: 'security.acls.default.ingress.action', value: 'drop' },
      { key: 'name', value: 'eth1' },
    ]);
    expect(fromDeviceEntry(entry)).toEqual({
      type: 'nic',
      network: 'ovn0',
      'ipv4.address': '10.50.0.10',
      'ipv6.address': 'fd42::10',
      'security.acls': 'web,db',
      'security.acls.default.ingress.action': 'drop',
      name: 'eth1',
    });
    expect(propKey('ipv4Address')).toBe('ipv4.address');
    expect(propKey('network')).toBe('network');
  });

  it('sends addresses without surrounding spaces and leaves empty ones out', () => {
    const entry = toDeviceEntry('eth1', { type: 'nic', network: 'br0' });
    entry.props.ipv4Address = ' 10.197.3.9 ';
    expect(fromDeviceEntry(entry)).toEqual({
      type: 'nic',
      network: 'br0',
      'ipv4.address': '10.197.3.9',
    });
  });

  it('marks bad addresses on submit, with the network known or not', () => {
    const devices = [
      toDeviceEntry('eth0', { type: 'nic', network: 'br0', 'ipv4.address': '10.197.4.2' }),
      toDeviceEntry('eth1', { type: 'nic', network: 'br0', 'ipv6.address': 'fe80::1%eth0' }),
      toDeviceEntry('eth2', { type: 'nic', network: 'br0', 'ipv4.address': '10.1.1.999' }),
    ];
    expect(deviceProblems(devices, [], [bridge])).toEqual([
      { field: 'devices.0.props.ipv4Address', message: nicAddressOutside('10.197.3.0/24') },
      { field: 'devices.1.props.ipv6Address', message: NIC_ADDRESS_ZONE },
      { field: 'devices.2.props.ipv4Address', message: IP_ADDRESS_INVALID },
    ]);
    // Names only (no subnet known): the address rules still hold.
    expect(deviceProblems(devices, [], ['br0']).map((p) => p.message)).toEqual([
      NIC_ADDRESS_ZONE,
      IP_ADDRESS_INVALID,
    ]);
  });

  it('leaves a NIC without a managed network to LXD (routed NICs take address lists)', () => {
    const routed = toDeviceEntry('eth0', {
      type: 'nic',
      nictype: 'routed',
      parent: 'eth0',
      'ipv4.address': '192.0.2.2,192.0.2.3',
    });
    expect(nicAddressProblems(routed, [bridge])).toEqual([]);
    expect(fromDeviceEntry(routed)['ipv4.address']).toBe('192.0.2.2,192.0.2.3');
  });
});
