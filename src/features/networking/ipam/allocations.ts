/**
 * The IPAM list: every address allocated in a project. Servers with `network_allocations` give
 * the list themselves; for older ones (LXD 5.0.2) `assembleAllocations` builds the same list,
 * in the same shape, the way the server does: the managed networks' own addresses, their DHCP
 * leases (static and dynamic), the addresses the instances' NICs carry, and the forwards.
 */
import ipaddr from 'ipaddr.js';
import type { LxdDevice, LxdInstance, LxdInstanceState } from '../../../lxd/types/instance';
import type {
  LxdNetwork,
  LxdNetworkAllocation,
  LxdNetworkForward,
  LxdNetworkLease,
} from '../../../lxd/types/network';

export type InstanceWithState = Pick<
  LxdInstance,
  'name' | 'project' | 'devices' | 'config' | 'expanded_devices' | 'expanded_config'
> & { state?: Pick<LxdInstanceState, 'network'> | null };

export interface AllocationSources {
  /** The project asked about (instances' URLs name it unless it is the default one). */
  project: string;
  /** The project's networks (unmanaged interfaces are skipped). */
  networks: readonly LxdNetwork[];
  /** DHCP leases per network name. */
  leases: Readonly<Record<string, readonly LxdNetworkLease[]>>;
  /** Forwards per network name. */
  forwards: Readonly<Record<string, readonly LxdNetworkForward[]>>;
  /** The project's instances with their state (GET /1.0/instances?recursion=2). */
  instances: readonly InstanceWithState[];
}

const isTrue = (value: string | undefined) =>
  ['true', '1', 'yes', 'on'].includes((value ?? '').toLowerCase());

/** An API URL as LXD writes them: `?project=` only outside the default project. */
export function apiUrl(parts: readonly string[], project: string): string {
  const path = `/1.0/${parts.map(encodeURIComponent).join('/')}`;
  return project === 'default' || project === '' ? path : `${path}?project=${project}`;
}

/** A single address as LXD lists it (`10.0.0.5/32`, `fd42::5/128`); undefined when invalid. */
export function hostCidr(address: string): string | undefined {
  const plain = address.split('%')[0]?.trim() ?? '';
  if (!ipaddr.isValid(plain)) return undefined;
  const ip = ipaddr.parse(plain);
  return `${ip.toString()}/${ip.kind() === 'ipv4' ? '32' : '128'}`;
}

function isIpv6(address: string): boolean {
  return address.includes(':');
}

function nicHwaddr(instance: InstanceWithState, deviceName: string, device: LxdDevice): string {
  const config = instance.expanded_config ?? instance.config;
  return (device.hwaddr ?? config[`volatile.${deviceName}.hwaddr`] ?? '').toLowerCase();
}

/** Which instance has a NIC with each MAC address. */
function nicOwners(instances: readonly InstanceWithState[]) {
  const owners = new Map<string, { name: string; project: string }>();
  for (const instance of instances) {
    for (const [deviceName, device] of Object.entries(
      instance.expanded_devices ?? instance.devices,
    )) {
      const hwaddr = device.type === 'nic' ? nicHwaddr(instance, deviceName, device) : '';
      if (hwaddr) owners.set(hwaddr, { name: instance.name, project: instance.project });
    }
  }
  return owners;
}

export function assembleAllocations(sources: AllocationSources): LxdNetworkAllocation[] {
  const { project } = sources;
  const managed = new Map(
    sources.networks.filter((network) => network.managed).map((network) => [network.name, network]),
  );
  const result: LxdNetworkAllocation[] = [];
  /** Instance addresses by network and address: a lease and a NIC name the same one. */
  const instanceEntries = new Map<string, LxdNetworkAllocation>();
  const owners = nicOwners(sources.instances);
  const natOf = (network: LxdNetwork, address: string) =>
    isTrue(network.config[isIpv6(address) ? 'ipv6.nat' : 'ipv4.nat']);

  const addInstance = (
    network: LxdNetwork,
    address: string,
    name: string,
    instanceProject: string,
    hwaddr: string,
  ) => {
    const cidr = hostCidr(address);
    if (!cidr) return;
    const key = `${network.name}|${cidr}`;
    const known = instanceEntries.get(key);
    if (known) {
      if (!known.hwaddr && hwaddr) known.hwaddr = hwaddr;
      return;
    }
    const entry: LxdNetworkAllocation = {
      addresses: cidr,
      type: 'instance',
      used_by: apiUrl(['instances', name], instanceProject),
      nat: natOf(network, address),
      hwaddr,
      network: network.name,
    };
    instanceEntries.set(key, entry);
    result.push(entry);
  };

  for (const network of managed.values()) {
    // The network's own addresses (its gateway and subnet).
    for (const family of ['ipv4', 'ipv6'] as const) {
      const address = network.config[`${family}.address`] ?? '';
      if (!ipaddr.isValidCIDR(address)) continue;
      result.push({
        addresses: address,
        type: 'network',
        used_by: apiUrl(['networks', network.name], project),
        nat: isTrue(network.config[`${family}.nat`]),
        hwaddr: '',
        network: network.name,
      });
    }
    for (const lease of sources.leases[network.name] ?? []) {
      if (lease.type === 'static' || lease.type === 'dynamic') {
        // The instance with that MAC (a DHCP client may send any host name).
        const owner = owners.get(lease.hwaddr.toLowerCase());
        addInstance(
          network,
          lease.address,
          owner?.name ?? lease.hostname,
          owner?.project ?? lease.project ?? project,
          lease.hwaddr.toLowerCase(),
        );
      } else if (lease.type === 'uplink') {
        // An OVN network's router on this uplink: "{project}-{network}.uplink".
        const owner = lease.project ?? project;
        const name = lease.hostname.replace(`${owner}-`, '').replace(/\.uplink$/, '');
        const cidr = hostCidr(lease.address);
        if (!cidr) continue;
        result.push({
          addresses: cidr,
          type: 'uplink',
          used_by: apiUrl(['networks', name], owner),
          nat: natOf(network, lease.address),
          hwaddr: lease.hwaddr,
          network: network.name,
        });
      }
    }
  }

  // Addresses the instances' NICs carry (also those no lease knows: SLAAC, fixed in the guest).
  for (const instance of sources.instances) {
    const devices = instance.expanded_devices ?? instance.devices;
    const interfaces = Object.values(instance.state?.network ?? {});
    for (const [deviceName, device] of Object.entries(devices)) {
      if (device.type !== 'nic') continue;
      const networkName =
        device.network ?? (device.nictype === 'bridged' ? (device.parent ?? '') : '');
      const network = managed.get(networkName);
      if (!network) continue;
      const hwaddr = nicHwaddr(instance, deviceName, device);
      if (!hwaddr) continue;
      const nic = interfaces.find((item) => item.hwaddr.toLowerCase() === hwaddr);
      for (const address of nic?.addresses ?? []) {
        if (address.scope !== 'global') continue;
        addInstance(network, address.address, instance.name, instance.project, hwaddr);
      }
    }
  }

  for (const network of managed.values()) {
    for (const forward of sources.forwards[network.name] ?? []) {
      const cidr = hostCidr(forward.listen_address);
      if (!cidr) continue;
      result.push({
        addresses: cidr,
        type: 'network-forward',
        used_by: apiUrl(['networks', network.name, 'forwards', forward.listen_address], project),
        // Forwards are ingress: source NAT does not touch them.
        nat: false,
        hwaddr: '',
        network: network.name,
      });
    }
  }
  return result;
}
