import { describe, expect, it } from 'vitest';
import {
  cpuSummary,
  deviceName,
  formatFrequency,
  instanceTypes,
  plural,
  storageDriverLabel,
  usedPercent,
  VMS_UNAVAILABLE,
} from './format';

describe('storage driver labels (spec §9)', () => {
  it.each([
    ['dir', 'Directory'],
    ['btrfs', 'Btrfs'],
    ['lvm', 'LVM'],
    ['zfs', 'ZFS'],
    ['ceph', 'Ceph'],
    ['cephfs', 'CephFS'],
    ['powerflex', 'Dell PowerFlex'],
    ['pure', 'Pure Storage'],
    ['cephobject', 'Ceph Object'],
    ['linstor', 'linstor'],
  ])('%s → %s', (name, label) => {
    expect(storageDriverLabel(name)).toBe(label);
  });
});

describe('instance types from environment.driver', () => {
  it('reads "lxc", "qemu" and "lxc | qemu"', () => {
    expect(instanceTypes('lxc')).toEqual({ containers: true, virtualMachines: false });
    expect(instanceTypes('lxc | qemu')).toEqual({ containers: true, virtualMachines: true });
    expect(instanceTypes('qemu')).toEqual({ containers: false, virtualMachines: true });
    expect(instanceTypes(undefined)).toEqual({ containers: false, virtualMachines: false });
    expect(VMS_UNAVAILABLE).toBe('Virtual machines are not available on this server.');
  });
});

describe('CPU summary', () => {
  it('counts sockets, cores and logical CPUs', () => {
    const thread = (id: number) => ({ id, thread: 0, online: true });
    const summary = cpuSummary({
      architecture: 'x86_64',
      total: 4,
      sockets: [
        { socket: 0, name: 'Xeon', cores: [{ core: 0, threads: [thread(0), thread(1)] }] },
        { socket: 1, name: 'Xeon', cores: [{ core: 0, threads: [thread(2), thread(3)] }] },
      ],
    });
    expect(summary).toEqual({
      sockets: 2,
      cores: 2,
      threads: 4,
      models: ['Xeon'],
      architecture: 'x86_64',
    });
    expect(cpuSummary(undefined).threads).toBe(0);
  });
});

describe('small formats', () => {
  it('works out percentages, plurals, frequencies and device names', () => {
    expect(usedPercent(1, 4)).toBe(25);
    expect(usedPercent(5, 0)).toBe(0);
    expect(plural(1, 'core')).toBe('1 core');
    expect(plural(2, 'thread')).toBe('2 threads');
    expect(formatFrequency(2400)).toBe('2.4 GHz');
    expect(formatFrequency(800)).toBe('800 MHz');
    expect(formatFrequency(0)).toBeUndefined();
    expect(deviceName({ vendor: 'Intel', product: 'X710' })).toBe('Intel X710');
    expect(deviceName({ vendor_id: '1af4', product_id: '1041' })).toBe('Device 1af4:1041');
    expect(deviceName({})).toBe('Unknown device');
  });
});
