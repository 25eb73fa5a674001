/**
 * Devices in the form: a list of entries with the properties the editor knows as named fields
 * (no dots) and every other property as key/value rows, so nothing LXD sent is lost.
 */
import type { LxdDevice } from '../../lxd/types/instance';
import {
  NIC_FIELD_KEYS,
  nicAddressError,
  toNicNetworks,
  type NetworkChoice,
  type NicAddressField,
} from './nic';

export const DEVICE_TYPES = [
  'disk',
  'nic',
  'proxy',
  'gpu',
  'usb',
  'pci',
  'infiniband',
  'tpm',
  'unix-block',
  'unix-char',
  'unix-hotplug',
] as const;

/**
 * The properties each type's editor shows as fields (spec §3 device types), by form field name:
 * a field name has no dots, see `propKey` for the LXD key.
 */
export const KNOWN_PROPS: Record<string, readonly string[]> = {
  disk: ['path', 'pool', 'source', 'size'],
  nic: ['network', 'nictype', 'parent', ...Object.keys(NIC_FIELD_KEYS)],
  proxy: ['listen', 'connect', 'bind', 'nat'],
  gpu: ['gputype', 'id', 'pci'],
};

export interface DeviceExtra {
  key: string;
  value: string;
}

export interface DeviceEntry {
  /** The device's name (its key in `devices`). */
  name: string;
  type: string;
  /** The known properties of the type (see KNOWN_PROPS); '' = not set. */
  props: Record<string, string>;
  /** Every other property, in order. */
  extra: DeviceExtra[];
}

export const DISK_PATH_EMPTY = 'Path must not be empty';
export const NIC_NAME_EMPTY = 'Name must not be empty';
export const ROOT_DISK_MISSING =
  'An instance needs a root disk: add one, or choose a profile that provides one';

export function toDeviceEntries(devices: Record<string, LxdDevice> | undefined): DeviceEntry[] {
  return Object.entries(devices ?? {}).map(([name, device]) => toDeviceEntry(name, device));
}

export function toDeviceEntry(name: string, device: LxdDevice): DeviceEntry {
  const type = device.type ?? '';
  const known = KNOWN_PROPS[type] ?? [];
  const props: Record<string, string> = {};
  const extra: DeviceExtra[] = [];
  const knownKeys = known.map(propKey);
  for (const field of known) props[field] = device[propKey(field)] ?? '';
  for (const [key, value] of Object.entries(device)) {
    if (key === 'type' || knownKeys.includes(key)) continue;
    extra.push({ key, value });
  }
  return { name, type, props, extra };
}

/** The LXD key of a known property's form field (`ipv4Address` → `ipv4.address`). */
export function propKey(field: string): string {
  return (NIC_FIELD_KEYS as Record<string, string | undefined>)[field] ?? field;
}

export function fromDeviceEntry(entry: DeviceEntry): LxdDevice {
  const device: LxdDevice = { type: entry.type };
  for (const [field, raw] of Object.entries(entry.props)) {
    // Addresses and ACL names go to LXD without the spaces a paste may bring.
    const value = field in NIC_FIELD_KEYS ? raw.trim() : raw;
    if (value !== '') device[propKey(field)] = value;
  }
  for (const { key, value } of entry.extra) {
    const trimmed = key.trim();
    if (trimmed && trimmed !== 'type') device[trimmed] = value;
  }
  return device;
}

export function fromDeviceEntries(entries: readonly DeviceEntry[]): Record<string, LxdDevice> {
  const devices: Record<string, LxdDevice> = {};
  for (const entry of entries) devices[entry.name.trim()] = fromDeviceEntry(entry);
  return devices;
}

/**
 * A fresh device of a type, named after the first free `<prefix><n>` (names of the entity's
 * devices and of those its profiles give are taken: the same name would replace them).
 */
export function newDeviceEntry(
  type: string,
  taken: Iterable<string>,
  defaults: Record<string, string> = {},
): DeviceEntry {
  const prefix = type === 'nic' ? 'eth' : type === 'disk' ? 'disk' : type.replace(/-/g, '');
  const names = new Set(taken);
  let index = type === 'nic' ? 0 : 1;
  while (names.has(`${prefix}${index}`)) index += 1;
  const entry = toDeviceEntry(`${prefix}${index}`, { type, ...defaults });
  return entry;
}

/** A root disk mounts at / from a pool (no host source). */
export function isRootDisk(device: LxdDevice | DeviceEntry): boolean {
  const props = isDeviceEntry(device) ? device.props : device;
  // The pool too: a new disk whose path is being typed ("/" of "/data") is not one.
  return device.type === 'disk' && props.path === '/' && !props.source && Boolean(props.pool);
}

function isDeviceEntry(device: LxdDevice | DeviceEntry): device is DeviceEntry {
  return typeof (device as Partial<DeviceEntry>).props === 'object';
}

export function rootDiskName(devices: Record<string, LxdDevice>): string | undefined {
  return Object.entries(devices).find(([, device]) => isRootDisk(device))?.[0];
}

/** A custom storage volume a disk device can attach (the volume picker's choices). */
export interface VolumeOption {
  pool: string;
  name: string;
  /** filesystem, block or iso. */
  contentType: string;
}

/** The volume a disk device attaches, when it is one of `volumes`. */
export function attachedVolume(
  entry: DeviceEntry,
  volumes: readonly VolumeOption[],
): VolumeOption | undefined {
  if (entry.type !== 'disk' || !entry.props.pool || !entry.props.source) return undefined;
  return volumes.find(
    (volume) => volume.pool === entry.props.pool && volume.name === entry.props.source,
  );
}

/** Block and ISO volumes attach to a virtual machine as whole disks: they take no path. */
export function attachesWithoutPath(entry: DeviceEntry, volumes: readonly VolumeOption[]): boolean {
  const volume = attachedVolume(entry, volumes);
  return volume !== undefined && volume.contentType !== 'filesystem';
}

/** The volumes a disk of an instance of `instanceType` may attach (profiles: any). */
export function volumesFor(
  volumes: readonly VolumeOption[],
  instanceType: 'container' | 'virtual-machine' | undefined,
): VolumeOption[] {
  if (instanceType !== 'container') return [...volumes];
  return volumes.filter((volume) => volume.contentType === 'filesystem');
}

/**
 * Spec §5: disk path, once touched, must not be empty (a block or ISO volume, which takes no
 * path, excepted).
 */
export function diskPathError(
  entry: DeviceEntry,
  volumes: readonly VolumeOption[] = [],
): string | undefined {
  if (entry.type !== 'disk' || attachesWithoutPath(entry, volumes)) return undefined;
  return (entry.props.path ?? '').trim() === '' ? DISK_PATH_EMPTY : undefined;
}

/**
 * A device name must be unique and non-empty for any type (LXD needs a key); an empty NIC name
 * has the message of its own rule.
 */
export function deviceNameError(
  entry: DeviceEntry,
  all: readonly DeviceEntry[],
): string | undefined {
  const name = entry.name.trim();
  if (name === '') return entry.type === 'nic' ? NIC_NAME_EMPTY : 'Device name must not be empty';
  if (all.filter((other) => other.name.trim() === name).length > 1) {
    return 'Another device has this name';
  }
  return undefined;
}

/** Spec §5: an instance needs a root disk unless one comes from a profile. */
export function missingRootDisk(
  entries: readonly DeviceEntry[],
  inheritedDevices: Record<string, LxdDevice>,
): boolean {
  if (entries.some(isRootDisk)) return false;
  const ownNames = new Set(entries.map((entry) => entry.name.trim()));
  return !Object.entries(inheritedDevices).some(
    // A device of the instance with the same name masks the profile's one.
    ([name, device]) => !ownNames.has(name) && isRootDisk(device),
  );
}

export interface DeviceProblem {
  field:
    | `devices.${number}.name`
    | `devices.${number}.props.path`
    | `devices.${number}.props.${NicAddressField}`;
  message: string;
}

/**
 * The address rules of a NIC on a managed network (see nic.ts); a NIC without `network` (a
 * `nictype` NIC: routed and ipvlan take lists) is left to LXD.
 */
export function nicAddressProblems(
  entry: DeviceEntry,
  networks: readonly NetworkChoice[] = [],
): { field: NicAddressField; message: string }[] {
  const networkName = entry.props.network ?? '';
  if (entry.type !== 'nic' || networkName === '') return [];
  const network = toNicNetworks(networks).find((choice) => choice.name === networkName);
  const problems: { field: NicAddressField; message: string }[] = [];
  for (const field of ['ipv4Address', 'ipv6Address'] as const) {
    const message = nicAddressError(field, entry.props[field] ?? '', network);
    if (message) problems.push({ field, message });
  }
  return problems;
}

/**
 * Every device rule broken, with the form field to mark: on submit every field counts as
 * touched (the form shows these only once touched otherwise). Not used in YAML mode.
 */
export function deviceProblems(
  devices: readonly DeviceEntry[],
  volumes: readonly VolumeOption[] = [],
  networks: readonly NetworkChoice[] = [],
): DeviceProblem[] {
  const problems: DeviceProblem[] = [];
  devices.forEach((device, index) => {
    const name = deviceNameError(device, devices);
    if (name) problems.push({ field: `devices.${index}.name`, message: name });
    const path = diskPathError(device, volumes);
    if (path) problems.push({ field: `devices.${index}.props.path`, message: path });
    for (const { field, message } of nicAddressProblems(device, networks)) {
      problems.push({ field: `devices.${index}.props.${field}`, message });
    }
  });
  return problems;
}
