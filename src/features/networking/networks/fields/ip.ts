/**
 * The address keys of one IP family (LXD's doc/reference/network_{bridge,ovn,physical}.md and
 * the 5.0 validators): the network's own address on bridges and OVN networks, NAT, DHCP and
 * routing, and a physical network's gateway and routes.
 */
import {
  addressError,
  addressOfFamilyError,
  hostCidrError,
  rangeListError,
  subnetListError,
  type IpFamily,
} from '../rules';
import { BRIDGE_OVN, networkKey, type NetworkKeyField } from './key';

export function ipFields(family: IpFamily): NetworkKeyField[] {
  const v4 = family === 4;
  const v = v4 ? 'ipv4' : 'ipv6';
  const address = v4 ? 'ipv4.address' : 'ipv6.address';
  const shown = { needsAddress: address } as const;
  const bridge = { types: ['bridge'] } as const;
  const bridgeOvn = { types: BRIDGE_OVN };
  return [
    networkKey(address, `IPv${String(family)} address`, v, 'address', bridgeOvn, {
      family,
      validate: (value) => addressError(value, family),
      help: `The address of the network on the host with its prefix length, for example ${v4 ? '10.10.10.1/24' : 'fd42:1:2::1/64'}.`,
    }),
    networkKey(`${v}.nat`, 'NAT', v, 'bool', bridgeOvn, {
      ...shown,
      defaultText: 'on for an automatic address',
      help: 'Masquerade outgoing traffic behind the host address.',
    }),
    networkKey(`${v}.dhcp`, 'DHCP', v, 'bool', bridgeOvn, {
      ...shown,
      defaultText: 'on',
      help: v4
        ? 'Hand out addresses with DHCP.'
        : 'Provide further network configuration over DHCPv6.',
    }),
    ...(v4
      ? []
      : [
          networkKey('ipv6.dhcp.stateful', 'Stateful DHCPv6', v, 'bool', bridgeOvn, {
            ...shown,
            defaultText: 'off',
            help: 'Hand out IPv6 addresses with DHCPv6 (instead of SLAAC only).',
          }),
        ]),
    networkKey(`${v}.dhcp.ranges`, 'DHCP ranges', v, 'text', bridge, {
      ...shown,
      placeholder: v4 ? '10.10.10.100-10.10.10.200' : 'fd42:1:2::100-fd42:1:2::200',
      defaultText: 'all addresses',
      validate: (value) => rangeListError(value, family),
      help: 'Ranges to hand out, first-last, separated by commas.',
    }),
    networkKey(`${v}.dhcp.expiry`, 'DHCP lease time', v, 'text', bridge, {
      ...shown,
      placeholder: '1h',
      help: 'How long a lease lasts (1h, 30m, …).',
    }),
    ...(v4
      ? [
          networkKey('ipv4.dhcp.gateway', 'DHCP gateway', v, 'text', bridge, {
            ...shown,
            placeholder: 'the bridge address',
            validate: (value) => addressOfFamilyError(value, 4),
          }),
        ]
      : []),
    networkKey(`${v}.nat.address`, 'NAT source address', v, 'text', bridgeOvn, {
      ...shown,
      validate: (value) => addressOfFamilyError(value, family),
    }),
    networkKey(`${v}.routing`, 'Routing', v, 'bool', bridge, { ...shown, defaultText: 'on' }),
    networkKey(`${v}.firewall`, 'Firewall rules', v, 'bool', bridge, {
      ...shown,
      defaultText: 'on',
      help: 'Generate filtering firewall rules for this network.',
    }),
    networkKey(
      `${v}.gateway`,
      'Gateway',
      v,
      'text',
      { types: ['physical'] },
      {
        placeholder: v4 ? '192.0.2.1/24' : '2001:db8::1/64',
        validate: (value) => hostCidrError(value, family),
        help: 'The gateway address and subnet of the physical network.',
      },
    ),
    networkKey(
      `${v}.routes`,
      'Routes',
      v,
      'text',
      { types: ['bridge', 'physical'] },
      {
        placeholder: v4 ? '10.20.0.0/24' : 'fd42:20::/64',
        validate: (value) => subnetListError(value, family),
        help: 'Additional subnets routed to this network, separated by commas.',
      },
    ),
    networkKey(
      `${v}.routes.anycast`,
      'Anycast routes',
      v,
      'bool',
      { types: ['physical'] },
      {
        defaultText: 'off',
      },
    ),
  ];
}
