/**
 * Allocation against capacity (issue #34): the sum of the instances' `limits.cpu` and
 * `limits.memory` (their expanded configuration) per cluster member and per project, against the
 * member's resources (CPU threads, memory) and the project's limits, with the overcommit ratio
 * (allocated / capacity). Instances without a limit are counted apart, never guessed.
 * Every instance counts, whatever its status: a limit is what it may take once started.
 */
import { cpuCount, parseMemoryLimit } from '../../shared/format/limits';
import { parseByteSize } from '../../shared/format/bytes';

export { overcommitRatio } from '../../shared/format/limits';

/** What the allocation reads of an instance (the instance list's item has it). */
export interface AllocatedInstance {
  location: string;
  /** The expanded configuration (profiles applied). */
  config: Readonly<Record<string, string>>;
}

/** What a member has: CPU threads and memory in bytes (GET /1.0/resources). */
export interface Capacity {
  cpus: number;
  memory: number;
}

/** The sums of a set of instances. */
export interface Allocation {
  instances: number;
  /** CPUs of the instances with a CPU limit. */
  cpu: number;
  /** Bytes of the instances with a memory limit. */
  memory: number;
  withoutCpu: number;
  withoutMemory: number;
  /** Memory limits in percent of a member whose memory is not known (yet): not summed. */
  memoryUnknown: number;
}

export const emptyAllocation = (): Allocation => ({
  instances: 0,
  cpu: 0,
  memory: 0,
  withoutCpu: 0,
  withoutMemory: 0,
  memoryUnknown: 0,
});

function add(sum: Allocation, instance: AllocatedInstance, memberMemory: number | undefined) {
  sum.instances += 1;
  const cpus = cpuCount(instance.config['limits.cpu']);
  if (cpus === undefined) sum.withoutCpu += 1;
  else sum.cpu += cpus;
  const limit = parseMemoryLimit(instance.config['limits.memory']);
  if (!limit) sum.withoutMemory += 1;
  else if ('bytes' in limit) sum.memory += limit.bytes;
  else if (memberMemory === undefined) sum.memoryUnknown += 1;
  else sum.memory += Math.round((limit.percent / 100) * memberMemory);
}

export interface Allocations {
  /** Every instance given. */
  total: Allocation;
  /** By member (the instance's `location`). */
  byMember: Map<string, Allocation>;
}

/**
 * Sums the limits of `instances`, per member and in all. `memberMemory(location)` is the memory
 * of the member an instance is on (its percentages count against it), undefined if not known.
 */
export function allocate(
  instances: Iterable<AllocatedInstance>,
  memberMemory: (location: string) => number | undefined,
): Allocations {
  const total = emptyAllocation();
  const byMember = new Map<string, Allocation>();
  for (const instance of instances) {
    let member = byMember.get(instance.location);
    if (!member) {
      member = emptyAllocation();
      byMember.set(instance.location, member);
    }
    const memory = memberMemory(instance.location);
    add(member, instance, memory);
    add(total, instance, memory);
  }
  return { total, byMember };
}

/** "0.50×", "1.25×"; "-" without a ratio. */
export function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? '-' : `${ratio.toFixed(2)}×`;
}

/** The project's limits (its config's `limits.cpu`, a count, and `limits.memory`, a size). */
export interface ProjectLimits {
  cpu: number | undefined;
  memory: number | undefined;
}

export function projectLimits(config: Readonly<Record<string, string>> | undefined): ProjectLimits {
  const cpu = (config?.['limits.cpu'] ?? '').trim();
  const memory = parseByteSize(config?.['limits.memory'] ?? '');
  return {
    cpu: /^\d+$/.test(cpu) ? Number(cpu) : undefined,
    memory: memory ?? undefined,
  };
}

/** The member's capacity from GET /1.0/resources: CPU threads and total memory. */
export function capacityOf(resources: {
  cpu?: { total: number } | undefined;
  memory?: { total: number } | undefined;
}): Capacity {
  return { cpus: resources.cpu?.total ?? 0, memory: resources.memory?.total ?? 0 };
}
