/**
 * NIC devices on managed networks: the networks a NIC can join, which of `ipv4.address`,
 * `ipv6.address` and `security.acls` each network type takes, and the rules for them.
 *
 * LXD takes a static address on bridge and OVN networks (handed out by the network's DHCP), and
 * ACLs on OVN NICs only: a bridge applies its ACLs to the whole network (its own security.acls).
 */
import ipaddr from 'ipaddr.js';
import { IP_ADDRESS_INVALID, isValidIpAddress } from '../validation/network';

/** A managed network a NIC can join, with what the NIC fields need to know about it. */
export interface NicNetwork {
  name: string;
  /** bridge, ovn, macvlan, physical, sriov; '' when the caller knows only the name. */
  type: string;
  /** The network's own `ipv4.address` (a CIDR such as 10.0.0.1/24, 'none' or ''). */
  ipv4Address?: string | undefined;
  /** The network's own `ipv6.address`. */
  ipv6Address?: string | undefined;
}

/** What the form's `networks` prop takes: a network, or only its name (older callers). */
export type NetworkChoice = string | NicNetwork;

export function toNicNetwork(choice: NetworkChoice): NicNetwork {
  return typeof choice === 'string' ? { name: choice, type: '' } : choice;
}

export function toNicNetworks(choices: readonly NetworkChoice[]): NicNetwork[] {
  return choices.map(toNicNetwork);
}

/** The form field of each NIC property whose LXD key has dots (field names cannot). */
export const NIC_FIELD_KEYS = {
  ipv4Address: 'ipv4.address',
  ipv6Address: 'ipv6.address',
  securityAcls: 'security.acls',
} as const;

export type NicAddressField = 'ipv4Address' | 'ipv6Address';

/**
 * Which of the managed-network fields a NIC on `network` takes: an address of each family the
 * network has (its `ipv4.address` / `ipv6.address` is not 'none'), and ACLs on OVN.
 */
export function nicFieldsFor(
  network: NicNetwork | undefined,
): Record<NicAddressField | 'acls', boolean> {
  if (!network) return { ipv4Address: false, ipv6Address: false, acls: false };
  const addresses = ['bridge', 'ovn', ''].includes(network.type);
  return {
    ipv4Address: addresses && network.ipv4Address !== 'none',
    ipv6Address: addresses && network.ipv6Address !== 'none',
    acls: network.type === 'ovn',
  };
}

export const NIC_IPV4_EXPECTED = 'Enter an IPv4 address here, like 10.0.0.10';
export const NIC_IPV6_EXPECTED = 'Enter an IPv6 address here, like fd42::10';
export const NIC_ADDRESS_ZONE = 'A NIC address takes no zone (the part from %)';
export const nicAddressOutside = (subnet: string) =>
  `The address must be in the network's subnet ${subnet}`;

/** The network's subnet ("10.0.0.0/24") from its address ("10.0.0.1/24"), if it has one. */
export function networkSubnet(cidr: string | undefined): string | undefined {
  if (!cidr || !ipaddr.isValidCIDR(cidr)) return undefined;
  const [address, prefix] = ipaddr.parseCIDR(cidr);
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(cidr)
      : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${network.toString()}/${String(prefix)}`;
}

/**
 * A NIC's `ipv4.address` / `ipv6.address` on a managed network: one plain address of the field's
 * family (spec §5 IP rule, 'Invalid IP address'), without a zone (a zone names a host link, not
 * an address the network hands out), inside the network's subnet when it has one. Empty is
 * "let DHCP choose"; 'none' (newer LXD, with address filtering) is left to LXD.
 */
export function nicAddressError(
  field: NicAddressField,
  value: string,
  network?: NicNetwork,
): string | undefined {
  const text = value.trim();
  if (text === '' || text === 'none') return undefined;
  if (!isValidIpAddress(text)) return IP_ADDRESS_INVALID;
  if (text.includes('%')) return NIC_ADDRESS_ZONE;
  const address = ipaddr.parse(text);
  const v4 = field === 'ipv4Address';
  if (v4 && address.kind() !== 'ipv4') return NIC_IPV4_EXPECTED;
  if (!v4 && address.kind() !== 'ipv6') return NIC_IPV6_EXPECTED;
  const own = v4 ? network?.ipv4Address : network?.ipv6Address;
  const subnet = networkSubnet(own);
  if (own && subnet) {
    const range = ipaddr.parseCIDR(own);
    if (range[0].kind() === address.kind() && !address.match(range)) {
      return nicAddressOutside(subnet);
    }
  }
  return undefined;
}

/** `security.acls` is a comma-separated list of ACL names. */
export function splitAcls(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Adds or removes one ACL, keeping the order of the others. */
export function toggleAcl(value: string | undefined, name: string, on: boolean): string {
  const names = splitAcls(value).filter((other) => other !== name);
  if (on) names.push(name);
  return names.join(',');
}
