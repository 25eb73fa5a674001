/**
 * LXD's instance limits read as numbers: `limits.cpu` (a count, or a set of CPU ids pinned) and
 * `limits.memory` (a size in LXD's units, or a percentage of the host's memory), and the
 * overcommit ratio of what they add up to against a capacity. Shared by the fleet's and the
 * overview's allocation against capacity.
 */
import { parseByteSize } from './bytes';

/**
 * How many CPUs a `limits.cpu` gives: a count ("2") or the distinct CPUs of a set ("0-3", "1,3",
 * "0-1,6" → 4, 2, 3). Undefined: not set or not understood.
 */
export function cpuCount(value: string | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!range) return undefined;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from) return undefined;
    for (let id = from; id <= to; id += 1) ids.add(id);
  }
  return ids.size;
}

/** A `limits.memory` read: bytes, or a percentage of its host's memory. */
export type MemoryLimit = { bytes: number } | { percent: number };

/** "512MiB", "2GB", "1073741824", "50%"; undefined: not set or not understood. */
export function parseMemoryLimit(value: string | undefined): MemoryLimit | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
  if (percent) return { percent: Number(percent[1]) };
  const bytes = parseByteSize(text);
  return bytes === null ? undefined : { bytes };
}

/**
 * The bytes a `limits.memory` takes on a host of `hostBytes` (a percentage counts against it).
 * Undefined: not set, not understood, or a percentage of a host whose memory is not known.
 */
export function memoryBytes(value: string | undefined, hostBytes?: number): number | undefined {
  const limit = parseMemoryLimit(value);
  if (!limit) return undefined;
  if ('bytes' in limit) return limit.bytes;
  if (hostBytes === undefined) return undefined;
  return Math.round((limit.percent / 100) * hostBytes);
}

/** Allocated / capacity (1.5: half as much again as there is); undefined without a capacity. */
export function overcommitRatio(allocated: number, capacity: number | undefined) {
  if (capacity === undefined || !(capacity > 0)) return undefined;
  return allocated / capacity;
}
