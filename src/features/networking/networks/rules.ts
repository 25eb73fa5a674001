/**
 * Pure rules of networks: names (LXD's `ValidateName` per type plus the console's 63-character
 * limit, spec §9), the value checks of the form (mirroring LXD 5.0's validators), who uses a
 * network, why it cannot be changed or deleted, which types the server offers, and the list's
 * search.
 */
import ipaddr from 'ipaddr.js';
import type { LxdNetwork, NetworkType } from '../../../lxd/types/network';
import type { LxdServer } from '../../../lxd/types/server';
import { describeUsedBy, usedByRefs, type UsedByRef } from '../../../lxd/used-by';
import { DEFAULT_PRODUCT_NAME } from '../../../lxd/product';
import { isValidIpAddress, RESOURCE_NAME_MAX_LENGTH } from '../../../shared/validation';

/** Why a host interface cannot be changed or deleted, naming the server's product. */
export function unmanagedNetworkMessage(product: string): string {
  return `${product} does not manage this host interface: it cannot be changed or deleted here`;
}

export const NETWORK_MESSAGES = {
  nameRequired: 'Network name is required',
  nameExists: 'A network with this name already exists',
  nameLength: `Network name must be at most ${RESOURCE_NAME_MAX_LENGTH} characters`,
  nameCharacters: 'Network names may not contain /, ?, &, + or :',
  nameDots: 'Network name cannot be "." or ".."',
  interfaceName:
    'A bridge is a host interface: its name must be 2 to 15 letters, digits, "-", "_" or "."',
  parentRequired: 'Choose the parent interface',
  uplinkRequired: 'Choose the uplink network',
  unmanaged: unmanagedNetworkMessage(DEFAULT_PRODUCT_NAME),
  noTypes: 'This server offers no network type that can be created in this project',
  renameInYaml: 'Use Rename to change the name of a network',
  typeInYaml: 'The type of a network cannot be changed',
} as const;

export const VALUE_MESSAGES = {
  cidr4: 'Enter an IPv4 address with its prefix length, for example 10.0.0.1/24',
  cidr6: 'Enter an IPv6 address with its prefix length, for example fd42:1:2::1/64',
  cidrHost4:
    'Use an address inside the subnet, not the subnet itself (10.0.0.1/24, not 10.0.0.0/24)',
  cidrHost6: 'Use an address inside the subnet, not the subnet itself (fd42::1/64, not fd42::/64)',
  subnets4: 'Enter IPv4 subnets such as 10.1.0.0/24, separated by commas',
  subnets6: 'Enter IPv6 subnets such as fd42:1::/64, separated by commas',
  ranges4: 'Enter IPv4 ranges such as 10.0.0.100-10.0.0.200, separated by commas',
  ranges6: 'Enter IPv6 ranges such as fd42::100-fd42::200, separated by commas',
  ip4: 'Enter an IPv4 address, for example 10.0.0.1',
  ip6: 'Enter an IPv6 address, for example fd42::1',
  mtu: 'MTU must be a whole number from 1280 to 16384',
  vlan: 'VLAN ID must be a whole number from 0 to 4094',
  mac: 'Enter a MAC address as six pairs of hex digits separated by colons (00:16:3e:00:00:01)',
  interfaces:
    'Enter interface names (2 to 15 letters, digits, "-", "_" or ".") separated by commas',
} as const;

export type IpFamily = 4 | 6;

const INTERFACE_NAME = /^[-_a-zA-Z0-9.]{2,15}$/;

/** Whether a network type is a host interface (its name follows interface-name rules). */
const isInterfaceType = (type: string) => type === 'bridge';

/** The name rules of LXD (`ValidateName`: URL-safe, no ':'; bridges also an interface name). */
export function validateNetworkName(name: string, type: string): string | undefined {
  if (name === '') return NETWORK_MESSAGES.nameRequired;
  if (name.length > RESOURCE_NAME_MAX_LENGTH) return NETWORK_MESSAGES.nameLength;
  if (/[/?&+:]/.test(name)) return NETWORK_MESSAGES.nameCharacters;
  if (name === '.' || name === '..') return NETWORK_MESSAGES.nameDots;
  if (isInterfaceType(type) && !INTERFACE_NAME.test(name)) return NETWORK_MESSAGES.interfaceName;
  return undefined;
}

function parseAddress(text: string, family: IpFamily): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (family === 4) {
    return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : undefined;
  }
  if (!ipaddr.IPv6.isValid(text)) return undefined;
  const address = ipaddr.IPv6.parse(text);
  // Go's net package reads IPv4-mapped addresses as IPv4, so LXD refuses them here.
  return address.isIPv4MappedAddress() ? undefined : address;
}

/** `addr/prefix` with the family's prefix range; undefined when it is not one. */
function parseCidr(text: string, family: IpFamily) {
  const [address = '', prefix, ...rest] = text.trim().split('/');
  if (prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return undefined;
  const length = Number(prefix);
  if (length > (family === 4 ? 32 : 128)) return undefined;
  const parsed = parseAddress(address, family);
  return parsed ? { address: parsed, length } : undefined;
}

function networkAddress(cidr: { address: ipaddr.IPv4 | ipaddr.IPv6; length: number }) {
  const text = `${cidr.address.toString()}/${String(cidr.length)}`;
  return cidr.address.kind() === 'ipv4'
    ? ipaddr.IPv4.networkAddressFromCIDR(text).toString()
    : ipaddr.IPv6.networkAddressFromCIDR(text).toString();
}

/**
 * A host address with its prefix (LXD `IsNetworkAddressCIDRV4/6`: `ipv4.address`,
 * `ipv4.gateway`): 10.0.0.1/24 is fine, the subnet address 10.0.0.0/24 is not.
 */
export function hostCidrError(value: string, family: IpFamily): string | undefined {
  const cidr = parseCidr(value, family);
  if (!cidr) return family === 4 ? VALUE_MESSAGES.cidr4 : VALUE_MESSAGES.cidr6;
  if (networkAddress(cidr) === cidr.address.toString()) {
    return family === 4 ? VALUE_MESSAGES.cidrHost4 : VALUE_MESSAGES.cidrHost6;
  }
  return undefined;
}

/** `ipv4.address` / `ipv6.address`: auto, none or a host address with its prefix. */
export function addressError(value: string, family: IpFamily): string | undefined {
  const text = value.trim();
  if (text === '' || text === 'auto' || text === 'none') return undefined;
  return hostCidrError(text, family);
}

const entries = (value: string) => value.split(',').map((entry) => entry.trim());

/** Subnets (LXD `IsNetworkV4/6` lists: routes): the subnet address itself with its prefix. */
export function subnetListError(value: string, family: IpFamily): string | undefined {
  const message = family === 4 ? VALUE_MESSAGES.subnets4 : VALUE_MESSAGES.subnets6;
  for (const entry of entries(value)) {
    const cidr = parseCidr(entry, family);
    if (!cidr || networkAddress(cidr) !== cidr.address.toString()) return message;
  }
  return undefined;
}

/** Address ranges `first-last`, comma separated (DHCP and OVN ranges). */
export function rangeListError(value: string, family: IpFamily): string | undefined {
  const message = family === 4 ? VALUE_MESSAGES.ranges4 : VALUE_MESSAGES.ranges6;
  for (const entry of entries(value)) {
    const parts = entry.split('-').map((part) => part.trim());
    if (parts.length !== 2 || !parts.every((part) => parseAddress(part, family))) return message;
  }
  return undefined;
}

/** One address of the family (`ipv4.nat.address`, `ipv4.dhcp.gateway`). */
export function addressOfFamilyError(value: string, family: IpFamily): string | undefined {
  if (parseAddress(value.trim(), family)) return undefined;
  return family === 4 ? VALUE_MESSAGES.ip4 : VALUE_MESSAGES.ip6;
}

/** IP addresses of either family, comma separated (`dns.nameservers`; spec §5 IP rule). */
export function ipListError(value: string, message: string): string | undefined {
  return entries(value).every(isValidIpAddress) ? undefined : message;
}

const wholeNumber = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : undefined);

export function mtuError(value: string): string | undefined {
  const mtu = wholeNumber(value);
  return mtu !== undefined && mtu >= 1280 && mtu <= 16384 ? undefined : VALUE_MESSAGES.mtu;
}

export function vlanError(value: string): string | undefined {
  const id = wholeNumber(value);
  return id !== undefined && id <= 4094 ? undefined : VALUE_MESSAGES.vlan;
}

export function macError(value: string): string | undefined {
  return /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/.test(value.trim()) ? undefined : VALUE_MESSAGES.mac;
}

export function interfaceListError(value: string): string | undefined {
  return entries(value).every((name) => INTERFACE_NAME.test(name))
    ? undefined
    : VALUE_MESSAGES.interfaces;
}

/** A group's names: the first three, then "…" (2 instances (c1, c2), 4 instances (a, b, c, …)). */
const firstNames = (names: readonly string[]) =>
  names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');

/** "2 instances (c1, c2) and 1 profile (default)": at most 3 names per kind. */
export function describeUsers(users: readonly UsedByRef[]): string {
  return describeUsedBy(users, { names: firstNames });
}

/** Why a network cannot be deleted (checked before asking LXD), or undefined. */
export function deleteNetworkBlocker(
  network: Pick<LxdNetwork, 'managed' | 'used_by'>,
  product = DEFAULT_PRODUCT_NAME,
): string | undefined {
  if (!network.managed) return unmanagedNetworkMessage(product);
  const users = usedByRefs(network.used_by);
  if (users.length === 0) return undefined;
  return `This network is used by ${describeUsers(users)}. Remove it from them before deleting it.`;
}

export function renameNetworkBlocker(
  network: Pick<LxdNetwork, 'managed'>,
  product = DEFAULT_PRODUCT_NAME,
): string | undefined {
  return network.managed ? undefined : unmanagedNetworkMessage(product);
}

/** Whether a network's name, description or type contains the search text (any case). */
export function matchNetwork(search: string) {
  const q = search.trim().toLowerCase();
  return (network: Pick<LxdNetwork, 'name' | 'description' | 'type'>) =>
    !q ||
    network.name.toLowerCase().includes(q) ||
    network.description.toLowerCase().includes(q) ||
    network.type.toLowerCase().includes(q);
}

/** Interfaces `lxc network list` leaves out as well: they cannot carry instances. */
export function isListedNetwork(network: Pick<LxdNetwork, 'type'>): boolean {
  return network.type !== 'loopback' && network.type !== 'unknown';
}

const TYPE_EXTENSIONS: Record<NetworkType, string | undefined> = {
  bridge: undefined,
  macvlan: 'network_type_macvlan',
  sriov: 'network_type_sriov',
  physical: 'network_type_physical',
  ovn: 'network_type_ovn',
};

/**
 * Whether the server can create OVN networks. LXD has no list of usable types, and the
 * `network_type_ovn` extension only says the code is there: OVN also needs an OVN northbound
 * database. The console offers OVN when the extension is there and either
 * `network.ovn.northbound_connection` is set or an OVN network already exists (proof that OVN
 * works). An OVN set up only through LXD's default local socket, with no network yet, is not
 * detected: create the first OVN network with the CLI or set the key.
 */
export function ovnAvailable(
  server: Pick<LxdServer, 'api_extensions' | 'config'>,
  networks: readonly Pick<LxdNetwork, 'type' | 'managed'>[] | undefined,
): boolean {
  if (!server.api_extensions.includes('network_type_ovn')) return false;
  if ((server.config?.['network.ovn.northbound_connection'] ?? '') !== '') return true;
  return (networks ?? []).some((network) => network.managed && network.type === 'ovn');
}

/**
 * The types the create form offers: bridge always; macvlan, SR-IOV and physical with their
 * extensions; OVN per `ovnAvailable`. A project with its own networks (features.networks, not
 * the default project) can only hold OVN networks (LXD refuses the others there).
 */
export function creatableNetworkTypes(
  server: Pick<LxdServer, 'api_extensions' | 'config'>,
  networks: readonly Pick<LxdNetwork, 'type' | 'managed'>[] | undefined,
  project: { name: string; config: Record<string, string> } | undefined,
): NetworkType[] {
  const ownNetworks =
    project !== undefined &&
    project.name !== 'default' &&
    ['true', '1', 'yes', 'on'].includes((project.config['features.networks'] ?? '').toLowerCase());
  const ovn = ovnAvailable(server, networks);
  const all: NetworkType[] = ['bridge', 'ovn', 'macvlan', 'physical', 'sriov'];
  return all.filter((type) => {
    if (ownNetworks && type !== 'ovn') return false;
    if (type === 'ovn') return ovn;
    const extension = TYPE_EXTENSIONS[type];
    return extension === undefined || server.api_extensions.includes(extension);
  });
}

export const NETWORK_TYPE_LABELS: Record<string, string> = {
  bridge: 'Bridge',
  macvlan: 'Macvlan',
  ovn: 'OVN',
  physical: 'Physical',
  sriov: 'SR-IOV',
};

export const typeLabel = (type: string) => NETWORK_TYPE_LABELS[type] ?? type;

export const NETWORK_TAB_LABELS = {
  overview: 'Overview',
  configuration: 'Configuration',
  leases: 'Leases',
  forwards: 'Forwards',
  'load-balancers': 'Load balancers',
} as const;

export type NetworkTab = keyof typeof NETWORK_TAB_LABELS;

/**
 * The tabs a network has: host interfaces only an overview; managed networks their
 * configuration; bridges and OVN networks leases and forwards; load balancers on OVN networks
 * where the server has `network_load_balancer` (LXD has them for OVN only).
 */
export function networkTabs(network: LxdNetwork, loadBalancers: boolean): NetworkTab[] {
  if (!network.managed) return ['overview'];
  const tabs: NetworkTab[] = ['overview', 'configuration'];
  if (network.type === 'bridge' || network.type === 'ovn') tabs.push('leases', 'forwards');
  if (loadBalancers && network.type === 'ovn') tabs.push('load-balancers');
  return tabs;
}
