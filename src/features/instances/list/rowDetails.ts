/** What the list shows from an instance's live state. No React here. */
import type { LxdInstanceAddress, LxdInstanceState } from '../../../lxd/types/instance';
import { formatBytes } from '../../../shared/format/bytes';

export interface ShownAddress {
  address: string;
  device: string;
}

/**
 * The addresses of one family, loopback and link-local left out (what `lxc list` shows), each
 * with its interface.
 */
export function addressesOf(
  state: Pick<LxdInstanceState, 'network'> | undefined,
  family: LxdInstanceAddress['family'],
): ShownAddress[] {
  const shown: ShownAddress[] = [];
  for (const [device, network] of Object.entries(state?.network ?? {})) {
    if (device === 'lo' || network.type === 'loopback') continue;
    for (const address of network.addresses ?? []) {
      if (address.family !== family || address.scope === 'link' || address.scope === 'local') {
        continue;
      }
      shown.push({ address: address.address, device });
    }
  }
  return shown;
}

export function memoryText(state: Pick<LxdInstanceState, 'memory'> | undefined): string {
  const usage = state?.memory?.usage;
  return usage !== undefined && usage > 0 ? formatBytes(usage) : '-';
}

/** The root disk's use (the device named root, else the first with a usage). */
export function diskText(state: Pick<LxdInstanceState, 'disk'> | undefined): string {
  const disks = state?.disk ?? {};
  const usage = disks.root?.usage ?? Object.values(disks).find((disk) => disk.usage > 0)?.usage;
  return usage !== undefined && usage > 0 ? formatBytes(usage) : '-';
}
