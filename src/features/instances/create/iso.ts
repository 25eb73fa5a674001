/**
 * Attaching a custom ISO volume to a new virtual machine: a disk device named `iso-volume` that
 * boots first (boot.priority 10). With no image chosen the VM starts empty (source type none)
 * and installs from the ISO.
 */
import { toDeviceEntries, type DeviceEntry, type VolumeOption } from '../../../shared/config-form';
import type { ChosenImage } from './create-body';

export const ISO_DEVICE = 'iso-volume';
export const ISO_BOOT_PRIORITY = '10';

export const EMPTY_VM: ChosenImage = {
  kind: 'custom',
  source: { type: 'none' },
  description: 'None: an empty virtual machine that boots from the ISO',
};

/** The ISO volume the devices attach as `iso-volume`, as "pool/name"; '' when none. */
export function attachedIso(devices: readonly DeviceEntry[]): string {
  const device = devices.find((entry) => entry.name === ISO_DEVICE && entry.type === 'disk');
  if (!device?.props.pool || !device.props.source) return '';
  return `${device.props.pool}/${device.props.source}`;
}

/** The devices with `iso-volume` attaching `iso` (or without it when undefined). */
export function withIso(
  devices: readonly DeviceEntry[],
  iso: VolumeOption | undefined,
): DeviceEntry[] {
  const others = devices.filter((entry) => entry.name !== ISO_DEVICE);
  if (!iso) return others;
  const [device] = toDeviceEntries({
    [ISO_DEVICE]: {
      type: 'disk',
      pool: iso.pool,
      source: iso.name,
      'boot.priority': ISO_BOOT_PRIORITY,
    },
  });
  return device ? [...others, device] : others;
}
