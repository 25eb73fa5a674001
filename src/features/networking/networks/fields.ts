/**
 * The network form's fields: which config keys each network type takes (LXD's
 * doc/reference/network_{bridge,macvlan,ovn,physical,sriov}.md and the 5.0 validators), the
 * section each sits in, how it is entered and checked. Keys the form does not show stay in the
 * config untouched (YAML mode edits them).
 */
import { isNetworkMemberKey } from '../../../lxd/endpoints/networks';
import type { NetworkType } from '../../../lxd/types/network';
import { IP_ADDRESS_INVALID } from '../../../shared/validation';
import {
  addressError,
  addressOfFamilyError,
  hostCidrError,
  interfaceListError,
  ipListError,
  macError,
  mtuError,
  rangeListError,
  subnetListError,
  vlanError,
  type IpFamily,
} from './rules';

export const NETWORK_SECTIONS = [
  { id: 'main', label: 'Main configuration' },
  { id: 'ipv4', label: 'IPv4' },
  { id: 'ipv6', label: 'IPv6' },
  { id: 'bridge', label: 'Bridge' },
  { id: 'dns', label: 'DNS' },
  { id: 'ovn', label: 'OVN' },
  { id: 'acls', label: 'ACLs' },
  { id: 'yaml', label: 'YAML configuration' },
] as const;

export type NetworkSectionId = (typeof NETWORK_SECTIONS)[number]['id'];

export function isNetworkSectionId(value: string): value is NetworkSectionId {
  return NETWORK_SECTIONS.some((section) => section.id === value);
}

export type FieldKind =
  /** ipv4.address / ipv6.address: automatic, none or a custom host address with prefix. */
  | 'address'
  | 'text'
  | 'number'
  /** Default / Yes / No. */
  | 'bool'
  | 'select'
  /** A host interface (parent). */
  | 'interface'
  /** A managed network to use as uplink (OVN `network`). */
  | 'uplink'
  /** Network ACL names (`security.acls`). */
  | 'acls';

export interface NetworkField {
  key: string;
  label: string;
  section: Exclude<NetworkSectionId, 'yaml'>;
  types: readonly NetworkType[];
  kind: FieldKind;
  help?: string;
  placeholder?: string;
  /** What LXD does while the key is unset (shown as the Default choice). */
  defaultText?: string;
  options?: readonly { value: string; label: string }[];
  /** Checks a non-empty value; returns the message shown next to the field. */
  validate?: (value: string) => string | undefined;
  required?: string;
  /** Shown only while this address key is not `none`. */
  needsAddress?: 'ipv4.address' | 'ipv6.address';
  /** The server extension a type needs for this key. */
  extension?: Partial<Record<NetworkType, string>>;
  /** Only where OVN networks can be created (uplink settings). */
  ovnOnly?: boolean;
  family?: IpFamily;
}

const BRIDGE_OVN: readonly NetworkType[] = ['bridge', 'ovn'];
const LINKS: readonly NetworkType[] = ['macvlan', 'physical', 'sriov'];

const ACTIONS = [
  { value: 'allow', label: 'allow' },
  { value: 'reject', label: 'reject' },
  { value: 'drop', label: 'drop' },
];
const ACL_EXTENSIONS = { bridge: 'network_bridge_acl', ovn: 'network_ovn_acl' };

function ipFields(family: IpFamily): NetworkField[] {
  const v = family === 4 ? 'ipv4' : 'ipv6';
  const section = v;
  const address = family === 4 ? 'ipv4.address' : 'ipv6.address';
  const example4 = family === 4;
  return [
    {
      key: address,
      label: `IPv${String(family)} address`,
      section,
      types: BRIDGE_OVN,
      kind: 'address',
      family,
      validate: (value) => addressError(value, family),
      help: example4
        ? 'The address of the network on the host with its prefix length, for example 10.10.10.1/24.'
        : 'The address of the network on the host with its prefix length, for example fd42:1:2::1/64.',
    },
    {
      key: `${v}.nat`,
      label: 'NAT',
      section,
      types: BRIDGE_OVN,
      kind: 'bool',
      needsAddress: address,
      defaultText: 'on for an automatic address',
      help: 'Masquerade outgoing traffic behind the host address.',
    },
    {
      key: `${v}.dhcp`,
      label: 'DHCP',
      section,
      types: BRIDGE_OVN,
      kind: 'bool',
      needsAddress: address,
      defaultText: 'on',
      help: example4
        ? 'Hand out addresses with DHCP.'
        : 'Provide further network configuration over DHCPv6.',
    },
    ...(family === 6
      ? [
          {
            key: 'ipv6.dhcp.stateful',
            label: 'Stateful DHCPv6',
            section,
            types: BRIDGE_OVN,
            kind: 'bool',
            needsAddress: address,
            defaultText: 'off',
            help: 'Hand out IPv6 addresses with DHCPv6 (instead of SLAAC only).',
          } satisfies NetworkField,
        ]
      : []),
    {
      key: `${v}.dhcp.ranges`,
      label: 'DHCP ranges',
      section,
      types: ['bridge'],
      kind: 'text',
      needsAddress: address,
      placeholder: example4 ? '10.10.10.100-10.10.10.200' : 'fd42:1:2::100-fd42:1:2::200',
      defaultText: 'all addresses',
      validate: (value) => rangeListError(value, family),
      help: 'Ranges to hand out, first-last, separated by commas.',
    },
    {
      key: `${v}.dhcp.expiry`,
      label: 'DHCP lease time',
      section,
      types: ['bridge'],
      kind: 'text',
      needsAddress: address,
      placeholder: '1h',
      help: 'How long a lease lasts (1h, 30m, …).',
    },
    ...(family === 4
      ? [
          {
            key: 'ipv4.dhcp.gateway',
            label: 'DHCP gateway',
            section,
            types: ['bridge'],
            kind: 'text',
            needsAddress: address,
            placeholder: 'the bridge address',
            validate: (value: string) => addressOfFamilyError(value, 4),
          } satisfies NetworkField,
        ]
      : []),
    {
      key: `${v}.nat.address`,
      label: 'NAT source address',
      section,
      types: BRIDGE_OVN,
      kind: 'text',
      needsAddress: address,
      validate: (value) => addressOfFamilyError(value, family),
    },
    {
      key: `${v}.routing`,
      label: 'Routing',
      section,
      types: ['bridge'],
      kind: 'bool',
      needsAddress: address,
      defaultText: 'on',
    },
    {
      key: `${v}.firewall`,
      label: 'Firewall rules',
      section,
      types: ['bridge'],
      kind: 'bool',
      needsAddress: address,
      defaultText: 'on',
      help: 'Generate filtering firewall rules for this network.',
    },
    {
      key: `${v}.gateway`,
      label: 'Gateway',
      section,
      types: ['physical'],
      kind: 'text',
      placeholder: example4 ? '192.0.2.1/24' : '2001:db8::1/64',
      validate: (value) => hostCidrError(value, family),
      help: 'The gateway address and subnet of the physical network.',
    },
    {
      key: `${v}.routes`,
      label: 'Routes',
      section,
      types: ['bridge', 'physical'],
      kind: 'text',
      placeholder: example4 ? '10.20.0.0/24' : 'fd42:20::/64',
      validate: (value) => subnetListError(value, family),
      help: 'Additional subnets routed to this network, separated by commas.',
    },
    {
      key: `${v}.routes.anycast`,
      label: 'Anycast routes',
      section,
      types: ['physical'],
      kind: 'bool',
      defaultText: 'off',
    },
  ];
}

/** Every field of every type, in the order the form shows them. */
export const NETWORK_FIELDS: readonly NetworkField[] = [
  {
    key: 'network',
    label: 'Uplink',
    section: 'main',
    types: ['ovn'],
    kind: 'uplink',
    required: 'uplink',
    help: 'The managed network (bridge or physical) that connects this OVN network outside.',
  },
  {
    key: 'parent',
    label: 'Parent',
    section: 'main',
    types: LINKS,
    kind: 'interface',
    required: 'parent',
    help: 'The host interface this network is built on.',
  },
  {
    key: 'mtu',
    label: 'MTU',
    section: 'main',
    types: LINKS,
    kind: 'number',
    validate: mtuError,
    placeholder: '1500',
  },
  {
    key: 'vlan',
    label: 'VLAN ID',
    section: 'main',
    types: LINKS,
    kind: 'number',
    validate: vlanError,
  },
  {
    key: 'gvrp',
    label: 'GVRP',
    section: 'main',
    types: ['macvlan', 'physical'],
    kind: 'bool',
    defaultText: 'off',
    extension: { macvlan: 'network_gvrp', physical: 'network_gvrp' },
    help: 'Register the VLAN with the GARP VLAN Registration Protocol.',
  },
  ...ipFields(4),
  ...ipFields(6),
  {
    key: 'bridge.driver',
    label: 'Driver',
    section: 'bridge',
    types: ['bridge'],
    kind: 'select',
    defaultText: 'native',
    options: [
      { value: 'native', label: 'native' },
      { value: 'openvswitch', label: 'openvswitch' },
    ],
  },
  {
    key: 'bridge.mtu',
    label: 'MTU',
    section: 'bridge',
    types: BRIDGE_OVN,
    kind: 'number',
    validate: mtuError,
    placeholder: '1500',
  },
  {
    key: 'bridge.hwaddr',
    label: 'MAC address',
    section: 'bridge',
    types: BRIDGE_OVN,
    kind: 'text',
    validate: macError,
    placeholder: '00:16:3e:00:00:01',
  },
  {
    key: 'bridge.external_interfaces',
    label: 'External interfaces',
    section: 'bridge',
    types: ['bridge'],
    kind: 'text',
    validate: interfaceListError,
    placeholder: 'eth1,eth2',
    help: 'Unconfigured host interfaces to include in the bridge, separated by commas.',
  },
  {
    key: 'dns.domain',
    label: 'Domain',
    section: 'dns',
    types: BRIDGE_OVN,
    kind: 'text',
    placeholder: 'lxd',
    help: 'The domain advertised to DHCP clients and used for DNS names.',
  },
  {
    key: 'dns.mode',
    label: 'Mode',
    section: 'dns',
    types: ['bridge'],
    kind: 'select',
    defaultText: 'managed',
    options: [
      { value: 'managed', label: 'managed' },
      { value: 'dynamic', label: 'dynamic' },
      { value: 'none', label: 'none' },
    ],
  },
  {
    key: 'dns.search',
    label: 'Search domains',
    section: 'dns',
    types: BRIDGE_OVN,
    kind: 'text',
    help: 'The full domain search list, separated by commas (default: the domain).',
  },
  {
    key: 'dns.nameservers',
    label: 'Name servers',
    section: 'dns',
    types: ['physical'],
    kind: 'text',
    validate: (value) => ipListError(value, IP_ADDRESS_INVALID),
    placeholder: '192.0.2.53',
    help: 'DNS server addresses of the physical network, separated by commas.',
  },
  {
    key: 'ovn.ingress_mode',
    label: 'Ingress mode',
    section: 'ovn',
    types: ['physical'],
    kind: 'select',
    defaultText: 'l2proxy',
    ovnOnly: true,
    options: [
      { value: 'l2proxy', label: 'l2proxy' },
      { value: 'routed', label: 'routed' },
    ],
    help: 'How external addresses of OVN networks are announced on this uplink.',
  },
  {
    key: 'ipv4.ovn.ranges',
    label: 'IPv4 ranges for OVN routers',
    section: 'ovn',
    types: ['bridge', 'physical'],
    kind: 'text',
    ovnOnly: true,
    placeholder: '10.10.10.210-10.10.10.220',
    validate: (value) => rangeListError(value, 4),
    help: 'Addresses handed to OVN networks that use this network as uplink.',
  },
  {
    key: 'ipv6.ovn.ranges',
    label: 'IPv6 ranges for OVN routers',
    section: 'ovn',
    types: ['bridge', 'physical'],
    kind: 'text',
    ovnOnly: true,
    validate: (value) => rangeListError(value, 6),
  },
  {
    key: 'security.acls',
    label: 'Network ACLs',
    section: 'acls',
    types: BRIDGE_OVN,
    kind: 'acls',
    extension: ACL_EXTENSIONS,
  },
  {
    key: 'security.acls.default.ingress.action',
    label: 'Default ingress action',
    section: 'acls',
    types: BRIDGE_OVN,
    kind: 'select',
    defaultText: 'reject',
    options: ACTIONS,
    extension: ACL_EXTENSIONS,
    help: 'For incoming traffic no ACL rule matches.',
  },
  {
    key: 'security.acls.default.ingress.logged',
    label: 'Log unmatched ingress',
    section: 'acls',
    types: BRIDGE_OVN,
    kind: 'bool',
    defaultText: 'off',
    extension: ACL_EXTENSIONS,
  },
  {
    key: 'security.acls.default.egress.action',
    label: 'Default egress action',
    section: 'acls',
    types: BRIDGE_OVN,
    kind: 'select',
    defaultText: 'reject',
    options: ACTIONS,
    extension: ACL_EXTENSIONS,
    help: 'For outgoing traffic no ACL rule matches.',
  },
  {
    key: 'security.acls.default.egress.logged',
    label: 'Log unmatched egress',
    section: 'acls',
    types: BRIDGE_OVN,
    kind: 'bool',
    defaultText: 'off',
    extension: ACL_EXTENSIONS,
  },
];

/** What decides which fields a server shows besides the type. */
export interface FieldContext {
  extensions: readonly string[];
  /** OVN networks can be created here (uplink settings are shown). */
  ovn: boolean;
}

/** The fields of one type on this server, in form order. */
export function fieldsFor(type: string, context: FieldContext): NetworkField[] {
  return NETWORK_FIELDS.filter((field) => {
    if (!(field.types as readonly string[]).includes(type)) return false;
    if (field.ovnOnly && !context.ovn) return false;
    const extension = field.extension?.[type as NetworkType];
    return extension === undefined || context.extensions.includes(extension);
  });
}

/** The config keys the form edits for a type (the key mapping per type). */
export function networkKeysFor(type: string, context: FieldContext): string[] {
  return fieldsFor(type, context).map((field) => field.key);
}

/** The sections a type shows: main, those with fields, and YAML. */
export function sectionsFor(type: string, context: FieldContext) {
  const used = new Set(fieldsFor(type, context).map((field) => field.section));
  return NETWORK_SECTIONS.filter(
    (section) => section.id === 'main' || section.id === 'yaml' || used.has(section.id),
  );
}

/** Member-specific fields of a type (entered per member in a cluster). */
export function memberFieldsFor(type: string, context: FieldContext): NetworkField[] {
  return fieldsFor(type, context).filter((field) => isNetworkMemberKey(field.key));
}

/** Whether a field is shown for the current values (`needsAddress`). */
export function fieldShown(field: NetworkField, config: Record<string, string>): boolean {
  return field.needsAddress === undefined || config[field.needsAddress] !== 'none';
}
