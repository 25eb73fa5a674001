/**
 * Keys of the Bridge and DNS sections (LXD's doc/reference/network_{bridge,ovn,physical}.md):
 * a bridge's driver, MTU, MAC address and external interfaces; DNS domain, mode and search
 * list, a physical network's name servers.
 */
import { IP_ADDRESS_INVALID } from '../../../../shared/validation';
import { interfaceListError, ipListError, macError, mtuError } from '../rules';
import { BRIDGE_OVN, networkKey } from './key';

const bridge = { types: ['bridge'] } as const;
const bridgeOvn = { types: BRIDGE_OVN };
const choices = (...values: string[]) => values.map((value) => ({ value, label: value }));

export const BRIDGE_FIELDS = [
  networkKey('bridge.driver', 'Driver', 'bridge', 'select', bridge, {
    defaultText: 'native',
    options: choices('native', 'openvswitch'),
  }),
  networkKey('bridge.mtu', 'MTU', 'bridge', 'number', bridgeOvn, {
    validate: mtuError,
    placeholder: '1500',
  }),
  networkKey('bridge.hwaddr', 'MAC address', 'bridge', 'text', bridgeOvn, {
    validate: macError,
    placeholder: '00:16:3e:00:00:01',
  }),
  networkKey('bridge.external_interfaces', 'External interfaces', 'bridge', 'text', bridge, {
    validate: interfaceListError,
    placeholder: 'eth1,eth2',
    help: 'Unconfigured host interfaces to include in the bridge, separated by commas.',
  }),
];

export const DNS_FIELDS = [
  networkKey('dns.domain', 'Domain', 'dns', 'text', bridgeOvn, {
    placeholder: 'lxd',
    help: 'The domain advertised to DHCP clients and used for DNS names.',
  }),
  networkKey('dns.mode', 'Mode', 'dns', 'select', bridge, {
    defaultText: 'managed',
    options: choices('managed', 'dynamic', 'none'),
  }),
  networkKey('dns.search', 'Search domains', 'dns', 'text', bridgeOvn, {
    help: 'The full domain search list, separated by commas (default: the domain).',
  }),
  networkKey(
    'dns.nameservers',
    'Name servers',
    'dns',
    'text',
    { types: ['physical'] },
    {
      validate: (value) => ipListError(value, IP_ADDRESS_INVALID),
      placeholder: '192.0.2.53',
      help: 'DNS server addresses of the physical network, separated by commas.',
    },
  ),
];
