/** The IPAM list's rows: allocations with their user read from its API URL. */
import ipaddr from 'ipaddr.js';
import type { LxdNetworkAllocation } from '../../../lxd/types/network';

/** Allocation types (LXD reference), in the order the type filter offers them. */
export const ALLOCATION_TYPES = [
  'instance',
  'network',
  'network-forward',
  'network-load-balancer',
  'uplink',
] as const;

const TYPE_LABELS: Record<string, string> = {
  instance: 'Instance',
  network: 'Network',
  'network-forward': 'Network forward',
  'network-load-balancer': 'Load balancer',
  uplink: 'OVN uplink',
};

export const typeLabel = (type: string) => TYPE_LABELS[type] ?? type;

export interface UsedBy {
  kind: 'instance' | 'network' | 'network-forward' | 'network-load-balancer' | 'other';
  /** Instance or network name; the listen address of a forward or load balancer. */
  name: string;
  /** The project in the URL (LXD leaves out the default one). */
  project: string;
  /** The network of a forward or load balancer. */
  network: string;
  /** What the list shows. */
  label: string;
}

/** Reads `/1.0/instances/c1?project=p`, `/1.0/networks/n/forwards/10.0.0.1`, … */
export function parseUsedBy(url: string): UsedBy {
  const parsed = new URL(url, 'http://lxd');
  const parts = parsed.pathname
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part));
  const project = parsed.searchParams.get('project') ?? 'default';
  const [, collection = '', name = '', sub = '', item = ''] = parts;
  if (collection === 'instances' && name) {
    return { kind: 'instance', name, project, network: '', label: name };
  }
  if (collection === 'networks' && name && sub === 'forwards' && item) {
    return {
      kind: 'network-forward',
      name: item,
      project,
      network: name,
      label: `Forward on ${name}`,
    };
  }
  if (collection === 'networks' && name && sub === 'load-balancers' && item) {
    const label = `Load balancer on ${name}`;
    return { kind: 'network-load-balancer', name: item, project, network: name, label };
  }
  if (collection === 'networks' && name) {
    return { kind: 'network', name, project, network: name, label: name };
  }
  return { kind: 'other', name: url, project, network: '', label: url };
}

export interface IpamRow {
  key: string;
  /** As LXD lists it: a CIDR (the network's `10.0.0.1/24`, an instance's `10.0.0.5/32`). */
  address: string;
  /** The address without its prefix length. */
  ip: string;
  /** Orders addresses numerically, IPv4 before IPv6. */
  order: string;
  type: string;
  usedBy: UsedBy;
  nat: boolean;
  hwaddr: string;
  network: string;
}

export function addressOrder(ip: string): string {
  if (!ipaddr.isValid(ip)) return `9 ${ip}`;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') {
    return `4 ${address
      .toByteArray()
      .map((byte) => String(byte).padStart(3, '0'))
      .join('.')}`;
  }
  return `6 ${address
    .toByteArray()
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The network of an allocation: LXD names it; Incus 6.0 does not, and then a network's own
 * address, a forward's or a load balancer's tells it by its used_by path. An instance's address
 * does not: its network stays unknown ('').
 */
export function allocationNetwork(allocation: LxdNetworkAllocation): string {
  if (allocation.network) return allocation.network;
  const match = /^\/1\.0\/networks\/([^/?]+)/.exec(allocation.used_by);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

export function ipamRows(allocations: readonly LxdNetworkAllocation[]): IpamRow[] {
  const seen = new Map<string, number>();
  return allocations.map((allocation) => {
    const ip = allocation.addresses.split('/')[0] ?? allocation.addresses;
    const network = allocationNetwork(allocation);
    const base = `${allocation.type}|${network}|${allocation.addresses}|${allocation.used_by}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return {
      key: count === 0 ? base : `${base}|${String(count)}`,
      address: allocation.addresses,
      ip,
      order: addressOrder(ip),
      type: allocation.type,
      usedBy: parseUsedBy(allocation.used_by),
      nat: allocation.nat,
      hwaddr: allocation.hwaddr,
      network,
    };
  });
}

/** The search: address, user, MAC address, network or type, case-insensitive. */
export function matchIpamRow(term: string) {
  const q = term.trim().toLowerCase();
  return (row: IpamRow) =>
    !q ||
    [row.address, row.usedBy.label, row.usedBy.name, row.hwaddr, row.network, typeLabel(row.type)]
      .join('\n')
      .toLowerCase()
      .includes(q);
}

/** What the IPAM page says on a server without GET /1.0/network-allocations. */
export const ASSEMBLED_NOTICE =
  'This server has no network allocations API (LXD 5.0.3 and newer): the list is assembled from the networks, their DHCP leases, the instances’ NICs and the forwards.';
