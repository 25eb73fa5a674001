/**
 * Keys of the networks built on a host interface (macvlan, physical, SR-IOV: LXD's
 * doc/reference/network_{macvlan,physical,sriov}.md) in the main section.
 */
import { mtuError, NETWORK_MESSAGES, vlanError } from '../rules';
import { LINKS, networkKey } from './key';

export const LINK_FIELDS = [
  networkKey(
    'parent',
    'Parent',
    'main',
    'interface',
    { types: LINKS },
    {
      required: NETWORK_MESSAGES.parentRequired,
      help: 'The host interface this network is built on.',
    },
  ),
  networkKey(
    'mtu',
    'MTU',
    'main',
    'number',
    { types: LINKS },
    {
      validate: mtuError,
      placeholder: '1500',
    },
  ),
  networkKey('vlan', 'VLAN ID', 'main', 'number', { types: LINKS }, { validate: vlanError }),
  networkKey(
    'gvrp',
    'GVRP',
    'main',
    'bool',
    {
      types: ['macvlan', 'physical'],
      extension: { macvlan: 'network_gvrp', physical: 'network_gvrp' },
    },
    {
      defaultText: 'off',
      help: 'Register the VLAN with the GARP VLAN Registration Protocol.',
    },
  ),
];
