/**
 * What a V8 heap snapshot holds, split into compiled code and the page's data (the bench's
 * event soak and the e2e heap plateau both use it).
 *
 * The soak's heap after GC (JSHeapUsedSize) counts V8's compiled code too. Snapshots around the
 * soak show that code still growing after a 500-event warm-up (+0.27–0.41 MB of 0.45–0.55 MB
 * growth: InstructionStream and its metadata for the event paths, optimised again as V8
 * flushes and re-optimises them), while objects, strings, arrays and closures grew ~1 %. A
 * leak is data kept, so the soak's budget is held on the data; both are printed.
 */
import type { CDPSession } from '@playwright/test';

/** The parts of a heapsnapshot file this reads. */
export interface HeapSnapshotJson {
  snapshot: { meta: { node_fields: string[]; node_types: unknown[] } };
  nodes: number[];
}

export interface HeapSplit {
  /** Compiled code and its metadata (node type "code"), bytes. */
  code: number;
  /** JavaScript values: objects, arrays, closures, strings, numbers, shapes…, bytes. */
  data: number;
}

/** Node types that are JavaScript values the page holds (not code, not Blink's C++ objects). */
const DATA_TYPES = new Set([
  'hidden',
  'array',
  'string',
  'object',
  'closure',
  'regexp',
  'number',
  'concatenated string',
  'sliced string',
  'symbol',
  'bigint',
  'object shape',
]);

/** Sums the self sizes of a snapshot's nodes into code and data. */
export function splitHeapSnapshot(snapshot: HeapSnapshotJson): HeapSplit {
  const fields = snapshot.snapshot.meta.node_fields;
  const typeNames = snapshot.snapshot.meta.node_types[0];
  if (!Array.isArray(typeNames)) throw new Error('heap snapshot: no node type names');
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  if (typeAt < 0 || sizeAt < 0) throw new Error('heap snapshot: no type or self_size field');
  const isCode = typeNames.map((name) => name === 'code');
  const isData = typeNames.map((name) => typeof name === 'string' && DATA_TYPES.has(name));
  const { nodes } = snapshot;
  const split: HeapSplit = { code: 0, data: 0 };
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = nodes[i + typeAt] ?? -1;
    const size = nodes[i + sizeAt] ?? 0;
    if (isCode[type]) split.code += size;
    else if (isData[type]) split.data += size;
  }
  return split;
}

/** Takes a heap snapshot of the page (after a GC of its own) and splits it. */
export async function heapSplit(cdp: CDPSession): Promise<HeapSplit> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  return splitHeapSnapshot(JSON.parse(chunks.join('')) as HeapSnapshotJson);
}

/** Growth from `before` to `after` in per cent, or null when either is missing or zero. */
export function growthPct(before: number | null, after: number | null): number | null {
  return before === null || after === null || before <= 0
    ? null
    : ((after - before) / before) * 100;
}
