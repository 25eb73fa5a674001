/**
 * What the instances of a server ask for against what it has: the sum of `limits.cpu` and
 * `limits.memory` of each instance's expanded configuration, against the server's CPU threads and
 * memory (GET /1.0/resources, per member on a cluster). Instances without a limit are counted
 * apart: they may use the whole host.
 */
import type { LxdInstance } from '../../lxd/types/instance';

const UNITS: Record<string, number> = {
  '': 1,
  B: 1,
  kB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  PB: 1e15,
  EB: 1e18,
  KiB: 2 ** 10,
  MiB: 2 ** 20,
  GiB: 2 ** 30,
  TiB: 2 ** 40,
  PiB: 2 ** 50,
  EiB: 2 ** 60,
};

/**
 * The CPUs of a `limits.cpu` value: a count ("2"), or a set of CPUs pinned ("0-3", "0,2",
 * "1-2,5" → 4, 2, 3). Undefined for an empty or unreadable value.
 */
export function cpuCount(limit: string | undefined): number | undefined {
  const value = limit?.trim() ?? '';
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  let total = 0;
  for (const part of value.split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!range) return undefined;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from) return undefined;
    total += to - from + 1;
  }
  return total;
}

/**
 * The bytes of a `limits.memory` value ("512MiB", "2GB", "1073741824"), or of a percentage of
 * the host's memory ("50%", with `hostBytes`). Undefined for an empty or unreadable value.
 */
export function memoryBytes(limit: string | undefined, hostBytes?: number): number | undefined {
  const value = limit?.trim() ?? '';
  if (value === '') return undefined;
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(value);
  if (percent) {
    return hostBytes === undefined ? undefined : (Number(percent[1]) / 100) * hostBytes;
  }
  const size = /^(\d+(?:\.\d+)?)\s*([A-Za-z]*)$/.exec(value);
  const factor = size ? UNITS[size[2] ?? ''] : undefined;
  if (!size || factor === undefined) return undefined;
  return Number(size[1]) * factor;
}

export interface Allocation {
  /** CPUs the instances with a `limits.cpu` ask for, summed. */
  cpu: number;
  /** Bytes the instances with a `limits.memory` ask for, summed. */
  memory: number;
  /** Instances without a (readable) `limits.cpu`. */
  withoutCpuLimit: number;
  /** Instances without a (readable) `limits.memory`. */
  withoutMemoryLimit: number;
}

/** The allocation of a set of instances on a host of `hostMemory` bytes (for percentages). */
export function allocationOf(
  instances: readonly Pick<LxdInstance, 'expanded_config'>[],
  hostMemory?: number,
): Allocation {
  const sum: Allocation = { cpu: 0, memory: 0, withoutCpuLimit: 0, withoutMemoryLimit: 0 };
  for (const instance of instances) {
    const config = instance.expanded_config ?? {};
    const cpu = cpuCount(config['limits.cpu']);
    if (cpu === undefined) sum.withoutCpuLimit += 1;
    else sum.cpu += cpu;
    const memory = memoryBytes(config['limits.memory'], hostMemory);
    if (memory === undefined) sum.withoutMemoryLimit += 1;
    else sum.memory += memory;
  }
  return sum;
}

/** "1.50" for an allocation of 1.5 times the capacity; undefined without a capacity. */
export function overcommit(allocated: number, capacity: number | undefined): number | undefined {
  if (capacity === undefined || capacity <= 0) return undefined;
  return allocated / capacity;
}
