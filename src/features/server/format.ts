/** Pure rules of the server page: labels, counts and availability texts. */
import type { LxdResources } from '../../lxd/types/resources';

/** Spec §9: storage driver labels (the pools' own, in src/lxd). */
export { STORAGE_DRIVER_LABELS, storageDriverLabel } from '../../lxd/types/storage';

export const VMS_UNAVAILABLE = 'Virtual machines are not available on this server.';
export const CONTAINERS_UNAVAILABLE = 'Containers are not available on this server.';

/** `environment.driver` is "lxc", "qemu" or "lxc | qemu": the instance types that work. */
export function instanceTypes(driver: string | undefined): {
  containers: boolean;
  virtualMachines: boolean;
} {
  const drivers = (driver ?? '')
    .split('|')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return { containers: drivers.includes('lxc'), virtualMachines: drivers.includes('qemu') };
}

export interface CpuSummary {
  sockets: number;
  cores: number;
  /** Logical CPUs (what `nproc` counts on the host). */
  threads: number;
  models: string[];
  architecture: string | undefined;
}

export function cpuSummary(cpu: LxdResources['cpu']): CpuSummary {
  const sockets = cpu?.sockets ?? [];
  const cores = sockets.reduce((sum, socket) => sum + (socket.cores?.length ?? 0), 0);
  const counted = sockets.reduce(
    (sum, socket) =>
      sum + (socket.cores ?? []).reduce((inner, core) => inner + (core.threads?.length ?? 0), 0),
    0,
  );
  const models = [...new Set(sockets.map((socket) => socket.name).filter((n): n is string => !!n))];
  return {
    sockets: sockets.length,
    cores,
    threads: cpu?.total ?? counted,
    models,
    architecture: cpu?.architecture,
  };
}

/** Used share of memory in whole percent (0 when the total is unknown). */
export function usedPercent(used: number, total: number): number {
  if (!Number.isFinite(used) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}

/** "1 CPU", "2 CPUs": counted things in plain words. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "MHz" figures as "2.4 GHz" from 1000 MHz on. */
export function formatFrequency(mhz: number | undefined): string | undefined {
  if (!mhz || mhz <= 0) return undefined;
  return mhz >= 1000 ? `${(mhz / 1000).toFixed(1)} GHz` : `${mhz} MHz`;
}

/** A device's name from what LXD knows: product, vendor, or the ids. */
export function deviceName(device: {
  vendor?: string | undefined;
  product?: string | undefined;
  vendor_id?: string | undefined;
  product_id?: string | undefined;
}): string {
  const name = [device.vendor, device.product].filter(Boolean).join(' ');
  if (name) return name;
  const ids = [device.vendor_id, device.product_id].filter(Boolean).join(':');
  return ids ? `Device ${ids}` : 'Unknown device';
}
