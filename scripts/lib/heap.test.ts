import { describe, expect, it } from 'vitest';
import { growthPct, splitHeapSnapshot, type HeapSnapshotJson } from './heap';

/** A snapshot as V8 writes it: flat node records of `node_fields`, types by index. */
const snapshot = (nodes: [type: number, size: number][]): HeapSnapshotJson => ({
  snapshot: {
    meta: {
      node_fields: ['type', 'name', 'id', 'self_size', 'edge_count', 'detachedness'],
      node_types: [
        ['hidden', 'array', 'string', 'object', 'code', 'closure', 'native', 'synthetic'],
        'string',
      ],
    },
  },
  nodes: nodes.flatMap(([type, size], id) => [type, 0, id, size, 0, 0]),
});

describe('heap snapshot split', () => {
  it('counts compiled code apart from the JavaScript data, and leaves out C++ objects', () => {
    expect(
      splitHeapSnapshot(
        snapshot([
          [3, 100], // object
          [2, 40], // string
          [4, 1000], // code
          [5, 32], // closure
          [6, 5000], // native (Blink, DevTools' network buffer)
          [7, 0], // synthetic root
          [4, 24], // code
        ]),
      ),
    ).toEqual({ code: 1024, data: 172 });
  });

  it('refuses a snapshot without the fields it reads', () => {
    const bad = snapshot([]);
    bad.snapshot.meta.node_fields = ['name'];
    expect(() => splitHeapSnapshot(bad)).toThrow('no type or self_size field');
  });

  it('gives growth in per cent, or null without both figures', () => {
    expect(growthPct(200, 210)).toBe(5);
    expect(growthPct(null, 210)).toBeNull();
    expect(growthPct(0, 210)).toBeNull();
  });
});
