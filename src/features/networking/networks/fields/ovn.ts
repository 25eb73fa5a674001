/**
 * OVN keys (LXD's doc/reference/network_ovn.md): an OVN network's uplink, and the settings of
 * the bridges and physical networks OVN networks use as uplink (shown where OVN networks can be
 * created).
 */
import { NETWORK_MESSAGES, rangeListError } from '../rules';
import { networkKey } from './key';

/** OVN's `network`: the managed network it goes outside through. */
export const OVN_UPLINK = networkKey(
  'network',
  'Uplink',
  'main',
  'uplink',
  { types: ['ovn'] },
  {
    required: NETWORK_MESSAGES.uplinkRequired,
    help: 'The managed network (bridge or physical) that connects this OVN network outside.',
  },
);

const uplinkScope = { types: ['bridge', 'physical'], ovnOnly: true } as const;

export const OVN_UPLINK_SETTINGS = [
  networkKey(
    'ovn.ingress_mode',
    'Ingress mode',
    'ovn',
    'select',
    { types: ['physical'], ovnOnly: true },
    {
      defaultText: 'l2proxy',
      options: [
        { value: 'l2proxy', label: 'l2proxy' },
        { value: 'routed', label: 'routed' },
      ],
      help: 'How external addresses of OVN networks are announced on this uplink.',
    },
  ),
  networkKey('ipv4.ovn.ranges', 'IPv4 ranges for OVN routers', 'ovn', 'text', uplinkScope, {
    placeholder: '10.10.10.210-10.10.10.220',
    validate: (value) => rangeListError(value, 4),
    help: 'Addresses handed to OVN networks that use this network as uplink.',
  }),
  networkKey('ipv6.ovn.ranges', 'IPv6 ranges for OVN routers', 'ovn', 'text', uplinkScope, {
    validate: (value) => rangeListError(value, 6),
  }),
];
