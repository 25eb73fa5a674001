import { describe, expect, it } from 'vitest';
import {
  DISK_PATH_EMPTY,
  attachesWithoutPath,
  volumesFor,
  NIC_NAME_EMPTY,
  deviceNameError,
  deviceProblems,
  diskPathError,
  isRootDisk,
  missingRootDisk,
  newDeviceEntry,
  toDeviceEntries,
  toDeviceEntry,
} from './devices';
import {
  inheritFromProfiles,
  inheritedDeviceMap,
  fallbackValue,
  type ProfileLike,
} from './inherit';
import { fieldById } from './fields';

describe('device rules (spec §5)', () => {
  it("a disk path must not be empty: 'Path must not be empty'", () => {
    expect(DISK_PATH_EMPTY).toBe('Path must not be empty');
    expect(diskPathError(toDeviceEntry('d', { type: 'disk', path: '' }))).toBe(DISK_PATH_EMPTY);
    expect(diskPathError(toDeviceEntry('d', { type: 'disk', path: '  ' }))).toBe(DISK_PATH_EMPTY);
    expect(diskPathError(toDeviceEntry('d', { type: 'disk', path: '/mnt' }))).toBeUndefined();
    expect(diskPathError(toDeviceEntry('n', { type: 'nic' }))).toBeUndefined();
  });

  it("a NIC name must not be empty: 'Name must not be empty'", () => {
    expect(NIC_NAME_EMPTY).toBe('Name must not be empty');
    const nic = toDeviceEntry('', { type: 'nic', network: 'br0' });
    expect(deviceNameError(nic, [nic])).toBe(NIC_NAME_EMPTY);
    const named = toDeviceEntry('eth0', { type: 'nic' });
    expect(deviceNameError(named, [named])).toBeUndefined();
    const disk = toDeviceEntry('', { type: 'disk' });
    expect(deviceNameError(disk, [disk])).toBe('Device name must not be empty');
  });

  it('device names are unique', () => {
    const entries = toDeviceEntries({ a: { type: 'nic' }, b: { type: 'disk', path: '/x' } });
    const [first, second] = entries;
    if (!first || !second) throw new Error('two entries expected');
    expect(deviceNameError(first, entries)).toBeUndefined();
    const clash = [first, { ...second, name: 'a' }];
    expect(deviceNameError(first, clash)).toBe('Another device has this name');
  });

  it('recognises a root disk', () => {
    expect(isRootDisk({ type: 'disk', path: '/', pool: 'default' })).toBe(true);
    expect(isRootDisk({ type: 'disk', path: '/', source: '/srv' })).toBe(false);
    expect(isRootDisk({ type: 'disk', path: '/' })).toBe(false);
    expect(isRootDisk(toDeviceEntry('root', { type: 'disk', path: '/', pool: 'p' }))).toBe(true);
  });

  it('needs a root disk unless a profile gives one', () => {
    const none = toDeviceEntries({ eth0: { type: 'nic', network: 'br0' } });
    const own = toDeviceEntries({ root: { type: 'disk', path: '/', pool: 'default' } });
    const profileRoot = { root: { type: 'disk', path: '/', pool: 'default' } };
    expect(missingRootDisk(none, {})).toBe(true);
    expect(missingRootDisk(own, {})).toBe(false);
    expect(missingRootDisk(none, profileRoot)).toBe(false);
    // An own device named like the profile's root disk masks it.
    const masked = toDeviceEntries({ root: { type: 'disk', path: '/data', source: '/srv' } });
    expect(missingRootDisk(masked, profileRoot)).toBe(true);
  });

  it('names new devices after the first free slot', () => {
    const taken = ['eth0', 'disk1'];
    expect(newDeviceEntry('nic', taken).name).toBe('eth1');
    expect(newDeviceEntry('disk', taken).name).toBe('disk2');
    expect(newDeviceEntry('proxy', taken).name).toBe('proxy1');
    expect(newDeviceEntry('unix-char', taken).name).toBe('unixchar1');
    expect(newDeviceEntry('disk', [], { path: '/' }).props.path).toBe('/');
  });
});

describe('inheritance from profiles', () => {
  const profiles: ProfileLike[] = [
    {
      name: 'default',
      config: { 'limits.cpu': '1', 'boot.autostart': 'true' },
      devices: { root: { type: 'disk', path: '/', pool: 'default' } },
    },
    { name: 'big', config: { 'limits.cpu': '8' }, devices: { eth0: { type: 'nic' } } },
  ];

  it('applies profiles in order, later ones win', () => {
    const set = inheritFromProfiles(profiles, ['default', 'big']);
    expect(set.config['limits.cpu']).toEqual({ value: '8', profile: 'big' });
    expect(set.config['boot.autostart']).toEqual({ value: 'true', profile: 'default' });
    expect(Object.keys(inheritedDeviceMap(set))).toEqual(['root', 'eth0']);
    const reversed = inheritFromProfiles(profiles, ['big', 'default']);
    expect(reversed.config['limits.cpu']).toEqual({ value: '1', profile: 'default' });
  });

  it('falls back to the VM defaults, and - for containers', () => {
    const none = inheritFromProfiles([], []);
    const cpu = fieldById('limitsCpu');
    const memory = fieldById('limitsMemory');
    expect(fallbackValue(cpu, 'limits.cpu', none, 'virtual-machine')?.value).toBe('1');
    expect(fallbackValue(memory, 'limits.memory', none, 'virtual-machine')?.value).toBe('1GB');
    expect(fallbackValue(cpu, 'limits.cpu', none, 'container')?.value).toBe('-');
    expect(fallbackValue(memory, 'limits.memory', none, 'container')?.value).toBe('-');
    const set = inheritFromProfiles(profiles, ['default']);
    expect(fallbackValue(cpu, 'limits.cpu', set, 'virtual-machine')).toEqual({
      value: '1',
      source: 'profile default',
    });
  });
});

describe('device problems on submit', () => {
  it('marks empty disk paths and NIC names', () => {
    const entries = toDeviceEntries({
      data: { type: 'disk', path: '', pool: 'default' },
      eth0: { type: 'nic', network: 'br0' },
    });
    const nic = entries[1];
    if (!nic) throw new Error('two entries expected');
    nic.name = '';
    expect(deviceProblems(entries)).toEqual([
      { field: 'devices.0.props.path', message: DISK_PATH_EMPTY },
      { field: 'devices.1.name', message: NIC_NAME_EMPTY },
    ]);
  });
});

describe('disks attaching custom volumes', () => {
  const volumes = [
    { pool: 'default', name: 'data', contentType: 'filesystem' },
    { pool: 'default', name: 'raw', contentType: 'block' },
    { pool: 'fast', name: 'installer', contentType: 'iso' },
  ];
  const disk = (pool: string, source: string, path = '') =>
    toDeviceEntry('d', { type: 'disk', pool, source, path });

  it('a filesystem volume still needs a path; block and ISO volumes take none', () => {
    expect(diskPathError(disk('default', 'data'), volumes)).toBe(DISK_PATH_EMPTY);
    expect(diskPathError(disk('default', 'raw'), volumes)).toBeUndefined();
    expect(diskPathError(disk('fast', 'installer'), volumes)).toBeUndefined();
    // The same name in another pool is another volume.
    expect(diskPathError(disk('fast', 'raw'), volumes)).toBe(DISK_PATH_EMPTY);
    expect(attachesWithoutPath(disk('default', 'raw'), volumes)).toBe(true);
    expect(deviceProblems([disk('default', 'raw')], volumes)).toEqual([]);
    expect(deviceProblems([disk('default', 'raw')])).toEqual([
      { field: 'devices.0.props.path', message: DISK_PATH_EMPTY },
    ]);
  });

  it('containers pick filesystem volumes only; VMs and profiles any', () => {
    expect(volumesFor(volumes, 'container').map((volume) => volume.name)).toEqual(['data']);
    expect(volumesFor(volumes, 'virtual-machine')).toHaveLength(3);
    expect(volumesFor(volumes, undefined)).toHaveLength(3);
  });
});
