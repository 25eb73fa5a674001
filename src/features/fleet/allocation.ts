/**
 * What the instances of a server ask for against what it has: the sum of `limits.cpu` and
 * `limits.memory` of each instance's expanded configuration, against the server's CPU threads and
 * memory (GET /1.0/resources, per member on a cluster). Instances without a limit are counted
 * apart: they may use the whole host.
 */
import { cpuCount, memoryBytes } from '../../shared/format/limits';
import type { LxdInstance } from '../../lxd/types/instance';

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
