/**
 * Pure rules of network forwards (and the port parts load balancers share): spec §5 IP
 * addresses and port lists with their exact messages, the checks LXD makes on port rules
 * (target port count, duplicate listen ports, IP versions, a port target equal to the default
 * target), and the addresses the pickers offer.
 */
import type { LxdInstanceWithState } from '../../../lxd/endpoints/network-forwards';
import type { LxdNetwork, LxdNetworkState } from '../../../lxd/types/network';
import { IP_ADDRESS_INVALID, isValidIpAddress, portListError } from '../../../shared/validation';

export const FORWARD_MESSAGES = {
  listenRequired: 'Listen address is required',
  targetRequired: 'Target address is required',
  listenPortsRequired: 'Listen ports are required',
  targetCount: 'Give one target port, or as many target ports as listen ports',
  sameAsDefault: 'The target address must differ from the default target address',
  ipVersion: 'Use the same IP version as the listen address',
} as const;

/** "Port 80 (TCP) is already in an earlier port rule". */
export const duplicatePortMessage = (port: number, protocol: string) =>
  `Port ${String(port)} (${protocol.toUpperCase()}) is already in an earlier port rule`;

export const PORT_PROTOCOLS = [
  { value: 'tcp', label: 'TCP' },
  { value: 'udp', label: 'UDP' },
] as const;

/** Spec §5 IP rule for a required address field. */
export function requiredAddressError(value: string, required: string): string | undefined {
  const text = value.trim();
  if (text === '') return required;
  return isValidIpAddress(text) ? undefined : IP_ADDRESS_INVALID;
}

/** Spec §5 IP rule for an optional address field. */
export function optionalAddressError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return isValidIpAddress(text) ? undefined : IP_ADDRESS_INVALID;
}

/** Spec §5 port list rule for a required field (listen ports). */
export function requiredPortsError(value: string): string | undefined {
  return value.trim() === '' ? FORWARD_MESSAGES.listenPortsRequired : portListError(value);
}

/** Spec §5 port list rule for an optional field (target ports). */
export function optionalPortsError(value: string): string | undefined {
  return value.trim() === '' ? undefined : portListError(value);
}

/** The ports of a valid port list, ranges expanded ("80,8000-8002" → 80, 8000, 8001, 8002). */
export function expandPorts(value: string): number[] {
  if (value.trim() === '' || portListError(value)) return [];
  return value.split(',').flatMap((entry) => {
    const [from = '', to = from] = entry.split('-').map((part) => part.trim());
    const first = Number(from);
    const last = Number(to);
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  });
}

/** LXD takes one target port (many to one) or exactly as many as listen ports. */
export function targetCountError(listenPorts: string, targetPorts: string): string | undefined {
  const targets = expandPorts(targetPorts).length;
  const listens = expandPorts(listenPorts).length;
  if (targets === 0 || listens === 0 || targets === 1 || targets === listens) return undefined;
  return FORWARD_MESSAGES.targetCount;
}

const isV4 = (address: string) => !address.includes(':');

/** A target must be of the listen address's IP version (LXD refuses to mix them). */
export function ipVersionError(listen: string, target: string): string | undefined {
  const a = listen.trim();
  const b = target.trim();
  if (!isValidIpAddress(a) || !isValidIpAddress(b)) return undefined;
  return isV4(a) === isV4(b) ? undefined : FORWARD_MESSAGES.ipVersion;
}

/**
 * Listen ports used twice for one protocol, across the rules in order: for each rule, the
 * message of its first port already taken by an earlier rule (or by itself), else undefined.
 */
export function duplicatePortErrors(
  rules: readonly { protocol: string; listenPorts: string }[],
): (string | undefined)[] {
  const seen = new Map<string, Set<number>>();
  return rules.map((rule) => {
    const used = seen.get(rule.protocol) ?? new Set<number>();
    seen.set(rule.protocol, used);
    let problem: string | undefined;
    for (const port of expandPorts(rule.listenPorts)) {
      if (used.has(port)) {
        problem ??= duplicatePortMessage(port, rule.protocol);
      }
      used.add(port);
    }
    return problem;
  });
}

export interface AddressOption {
  value: string;
  label: string;
}

const cidrAddress = (value: string | undefined) => {
  const text = (value ?? '').trim();
  if (text === '' || text === 'auto' || text === 'none') return undefined;
  const address = text.split('/')[0] ?? '';
  return isValidIpAddress(address) ? address : undefined;
};

/**
 * The network's own addresses a forward or load balancer may listen on: its configured IPv4
 * and IPv6 addresses (bridge), OVN's volatile uplink addresses, and global addresses of its
 * state.
 */
export function networkAddressOptions(
  network: Pick<LxdNetwork, 'name' | 'config'>,
  state?: Pick<LxdNetworkState, 'addresses'>,
): AddressOption[] {
  const found = [
    cidrAddress(network.config['ipv4.address']),
    cidrAddress(network.config['ipv6.address']),
    cidrAddress(network.config['volatile.network.ipv4.address']),
    cidrAddress(network.config['volatile.network.ipv6.address']),
    ...(state?.addresses ?? [])
      .filter((address) => address.scope === 'global')
      .map((address) => cidrAddress(address.address)),
  ].filter((address): address is string => address !== undefined);
  return [...new Set(found)].map((value) => ({ value, label: `${value} (${network.name})` }));
}

/** Whether a NIC device joins `network` (managed: `network`; unmanaged bridge: `parent`). */
function nicOnNetwork(device: Record<string, string>, network: string): boolean {
  return device.type === 'nic' && (device.network === network || device.parent === network);
}

/**
 * Addresses of the project's instances on `network`: for every NIC on it, the global addresses
 * its interface has now (state.network), else a static ipv4/ipv6.address of the device.
 */
export function instanceAddressOptions(
  instances: readonly LxdInstanceWithState[],
  network: string,
): AddressOption[] {
  const options: AddressOption[] = [];
  const sorted = [...instances].sort((a, b) => a.name.localeCompare(b.name));
  for (const instance of sorted) {
    const devices = instance.expanded_devices ?? instance.devices;
    for (const [deviceName, device] of Object.entries(devices)) {
      if (!nicOnNetwork(device, network)) continue;
      const iface = device.name ?? deviceName;
      const live = (instance.state?.network?.[iface]?.addresses ?? [])
        .filter((address) => address.scope === 'global')
        .map((address) => address.address);
      const fixed = [device['ipv4.address'], device['ipv6.address']].filter(
        (address): address is string => address !== undefined && isValidIpAddress(address),
      );
      for (const address of live.length > 0 ? live : fixed) {
        options.push({ value: address, label: `${instance.name} (${iface}) ${address}` });
      }
    }
  }
  return options;
}

/** The member a forward or load balancer lives on in a cluster ('none' when standalone). */
export const forwardMember = (item: { location?: string | undefined }) =>
  item.location && item.location !== 'none' ? item.location : undefined;

/** Problems of rows (`rows[1].listenPorts`) by field path: `{name}.1.listenPorts`. */
export function portProblems(
  name: string,
  rows: readonly Partial<Record<string, string>>[],
): Partial<Record<string, string>> {
  return Object.fromEntries(
    rows.flatMap((row, index) =>
      Object.entries(row).map(([field, message]) => [`${name}.${String(index)}.${field}`, message]),
    ),
  );
}
