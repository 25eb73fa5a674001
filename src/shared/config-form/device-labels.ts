/**
 * Human labels of device properties (spec §3, "Labelled device properties"), from LXD's device
 * reference (doc/reference/devices_*.md, doc/metadata.txt "device-*-device-conf"). One table for
 * every place a device is shown; a key it does not know is shown as LXD names it.
 */
import type { LxdDevice } from '../../lxd/types/instance';

/** Labels by LXD key, for every device type. */
export const DEVICE_KEY_LABELS: Readonly<Record<string, string>> = {
  type: 'Type',
  // Spec §3's labelled properties.
  busnum: 'Bus number',
  devnum: 'Device number',
  gid: 'GID',
  hwaddr: 'HW address',
  id: 'ID',
  major: 'Major',
  minor: 'Minor',
  mode: 'Mode',
  mtu: 'MTU',
  name: 'Name',
  nictype: 'NIC type',
  parent: 'Parent',
  path: 'Path',
  pathrm: 'Resource manager path',
  pci: 'PCI address',
  address: 'PCI address',
  productid: 'Product ID',
  required: 'Required',
  serial: 'Serial',
  source: 'Source',
  uid: 'UID',
  vendorid: 'Vendor ID',
  gputype: 'GPU type',
  nat: 'NAT mode',
  bind: 'Bind',
  proxy_protocol: 'HAProxy protocol',
  listen: 'Listen',
  connect: 'Connect',
  'security.gid': 'Security GID',
  'security.uid': 'Security UID',
  // disk
  pool: 'Storage pool',
  size: 'Size',
  'size.state': 'State size',
  readonly: 'Read-only',
  recursive: 'Recursive',
  shift: 'ID shifting',
  propagation: 'Propagation',
  'raw.mount.options': 'Mount options',
  'source.type': 'Source type',
  'source.snapshot': 'Source snapshot',
  'ceph.cluster_name': 'Ceph cluster name',
  'ceph.user_name': 'Ceph user name',
  'io.bus': 'Bus',
  'io.cache': 'Cache mode',
  'io.threads': 'I/O threads',
  'limits.read': 'Read limit',
  'limits.write': 'Write limit',
  'limits.max': 'I/O limit',
  'boot.priority': 'Boot priority',
  // nic, infiniband
  network: 'Network',
  attached: 'Attached',
  host_name: 'Host interface name',
  'ipv4.address': 'IPv4 address',
  'ipv6.address': 'IPv6 address',
  'ipv4.gateway': 'IPv4 gateway',
  'ipv6.gateway': 'IPv6 gateway',
  'ipv4.host_address': 'Host-side IPv4 address',
  'ipv6.host_address': 'Host-side IPv6 address',
  'ipv4.host_table': 'IPv4 routing table',
  'ipv6.host_table': 'IPv6 routing table',
  'ipv4.neighbor_probe': 'IPv4 neighbour probe',
  'ipv6.neighbor_probe': 'IPv6 neighbour probe',
  'ipv4.routes': 'IPv4 routes',
  'ipv6.routes': 'IPv6 routes',
  'ipv4.routes.external': 'External IPv4 routes',
  'ipv6.routes.external': 'External IPv6 routes',
  'limits.ingress': 'Ingress limit',
  'limits.egress': 'Egress limit',
  'limits.priority': 'Traffic priority',
  'queue.tx.length': 'Transmit queue length',
  'maas.subnet.ipv4': 'MAAS IPv4 subnet',
  'maas.subnet.ipv6': 'MAAS IPv6 subnet',
  'security.acls': 'Network ACLs',
  'security.acls.default.ingress.action': 'Default ingress action',
  'security.acls.default.egress.action': 'Default egress action',
  'security.acls.default.ingress.logged': 'Log unmatched ingress',
  'security.acls.default.egress.logged': 'Log unmatched egress',
  'security.ipv4_filtering': 'IPv4 filtering',
  'security.ipv6_filtering': 'IPv6 filtering',
  'security.mac_filtering': 'MAC filtering',
  'security.port_isolation': 'Port isolation',
  vlan: 'VLAN',
  'vlan.tagged': 'Tagged VLANs',
  gvrp: 'GVRP',
  nested: 'Parent NIC',
  acceleration: 'Hardware acceleration',
  'acceleration.parent': 'Acceleration parents',
  // gpu
  mdev: 'mdev profile',
  'mig.ci': 'MIG compute instance ID',
  'mig.gi': 'MIG GPU instance ID',
  'mig.uuid': 'MIG device UUID',
  // unix-hotplug
  subsystem: 'Subsystem',
  'ownership.inherit': 'Inherit ownership',
};

/** Where a key means something narrower for one type: a disk's `path` is where it is mounted. */
const TYPE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  disk: { path: 'Mount path' },
  nic: { name: 'Interface name' },
  infiniband: { name: 'Interface name' },
};

/** The label of a device property, or the key itself when the table does not know it. */
export function deviceKeyLabel(key: string, type?: string): string {
  return (type ? TYPE_LABELS[type]?.[key] : undefined) ?? DEVICE_KEY_LABELS[key] ?? key;
}

export interface DeviceProperty {
  key: string;
  label: string;
  value: string;
  /** The table knows the key (else the label is the key). */
  known: boolean;
}

/** A device's properties other than its type, in LXD's order, each with its label. */
export function deviceProperties(device: LxdDevice): DeviceProperty[] {
  return Object.entries(device)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => {
      const label = deviceKeyLabel(key, device.type);
      return { key, label, value, known: label !== key };
    });
}
