import { describe, expect, it } from 'vitest';
import { DEVICE_KEY_LABELS, deviceKeyLabel, deviceProperties } from './device-labels';

describe('device property labels', () => {
  it('labels the properties spec §3 names', () => {
    const labels = Object.fromEntries(
      [
        'busnum',
        'devnum',
        'gid',
        'hwaddr',
        'id',
        'major',
        'minor',
        'mode',
        'mtu',
        'name',
        'nictype',
        'parent',
        'path',
        'pathrm',
        'pci',
        'productid',
        'required',
        'serial',
        'source',
        'uid',
        'vendorid',
        'gputype',
        'type',
        'nat',
        'bind',
        'proxy_protocol',
        'listen',
        'connect',
        'security.gid',
        'security.uid',
      ].map((key) => [key, deviceKeyLabel(key)]),
    );
    expect(labels).toEqual({
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
      productid: 'Product ID',
      required: 'Required',
      serial: 'Serial',
      source: 'Source',
      uid: 'UID',
      vendorid: 'Vendor ID',
      gputype: 'GPU type',
      type: 'Type',
      nat: 'NAT mode',
      bind: 'Bind',
      proxy_protocol: 'HAProxy protocol',
      listen: 'Listen',
      connect: 'Connect',
      'security.gid': 'Security GID',
      'security.uid': 'Security UID',
    });
  });

  it('labels the disk and NIC keys administrators meet most', () => {
    expect(deviceKeyLabel('pool', 'disk')).toBe('Storage pool');
    expect(deviceKeyLabel('path', 'disk')).toBe('Mount path');
    expect(deviceKeyLabel('source', 'disk')).toBe('Source');
    expect(deviceKeyLabel('size', 'disk')).toBe('Size');
    expect(deviceKeyLabel('readonly', 'disk')).toBe('Read-only');
    expect(deviceKeyLabel('ipv4.address', 'nic')).toBe('IPv4 address');
    expect(deviceKeyLabel('ipv6.address', 'nic')).toBe('IPv6 address');
    expect(deviceKeyLabel('network', 'nic')).toBe('Network');
    expect(deviceKeyLabel('name', 'nic')).toBe('Interface name');
    expect(deviceKeyLabel('security.acls', 'nic')).toBe('Network ACLs');
    expect(deviceKeyLabel('address', 'pci')).toBe('PCI address');
  });

  it('a path is a mount path only on a disk', () => {
    expect(deviceKeyLabel('path', 'unix-char')).toBe('Path');
    expect(deviceKeyLabel('name', 'gpu')).toBe('Name');
  });

  it('falls back to the key LXD sends for a key it does not know', () => {
    expect(deviceKeyLabel('user.note', 'disk')).toBe('user.note');
    expect(DEVICE_KEY_LABELS['initial.zfs.blocksize']).toBeUndefined();
  });

  it('lists a device’s properties in LXD’s order without its type', () => {
    expect(
      deviceProperties({ type: 'disk', pool: 'default', path: '/srv', 'user.x': 'y' }),
    ).toEqual([
      { key: 'pool', label: 'Storage pool', value: 'default', known: true },
      { key: 'path', label: 'Mount path', value: '/srv', known: true },
      { key: 'user.x', label: 'user.x', value: 'y', known: false },
    ]);
  });
});
