/**
 * Allocation against capacity (issue #34): the sum of the instances' `limits.cpu` and
 * `limits.memory` (their expanded configuration) per cluster member and per project, against the
 * member's resources (CPU threads, memory) and the project's limits, with the overcommit ratio
 * (allocated / capacity). Instances without a limit are counted apart, never guessed.
 * Every instance counts, whatever its status: a limit is what it may take once started.
 */
import { parseByteSize } from '../../shared/format/bytes';

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

/**
 * How many CPUs a `limits.cpu` gives: a count ("2") or a set of CPU ids ("0-3", "1,3",
 * "0-1,6"): the number of distinct CPUs in it. null: not set or not understood.
 */
export function cpuCount(value: string | undefined): number | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text);
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from) return null;
    for (let id = from; id <= to; id += 1) ids.add(id);
  }
  return ids.size;
}

/** A `limits.memory` read: bytes, or a percentage of its member's memory. */
export type MemoryLimit = { bytes: number } | { percent: number };

/** "512MiB", "2GB", "1073741824", "50%"; null: not set or not understood. */
export function parseMemoryLimit(value: string | undefined): MemoryLimit | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
  if (percent) return { percent: Number(percent[1]) };
  const bytes = parseByteSize(text);
  return bytes === null ? null : { bytes };
}

/**
 * The bytes a `limits.memory` allocates on a member with `memberMemory` bytes: a percentage
 * counts against that member's total. null: not set, not understood, or a percentage of a member
 * whose memory is not known.
 */
export function memoryBytes(value: string | undefined, memberMemory: number | undefined) {
  const limit = parseMemoryLimit(value);
  if (!limit) return null;
  if ('bytes' in limit) return limit.bytes;
  if (memberMemory === undefined) return null;
  return Math.round((limit.percent / 100) * memberMemory);
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
  if (cpus === null) sum.withoutCpu += 1;
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

/** Allocated / capacity; undefined without a capacity (no limit, or not known). */
export function overcommitRatio(allocated: number, capacity: number | undefined) {
  if (capacity === undefined || !(capacity > 0)) return undefined;
  return allocated / capacity;
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
