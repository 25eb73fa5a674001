import { describe, expect, it } from 'vitest';
import { toggleSelection } from './selection';

const keys = ['a', 'b', 'c', 'd', 'e'];
const sorted = (set: Set<string>) => [...set].sort();

describe('toggleSelection', () => {
  it('toggles one row', () => {
    const once = toggleSelection(new Set(), keys, 'b', { range: false, anchor: undefined });
    expect(sorted(once)).toEqual(['b']);
    expect(sorted(toggleSelection(once, keys, 'b', { range: false, anchor: 'b' }))).toEqual([]);
  });

  it('selects the range from the anchor on shift-click, in shown order', () => {
    const next = toggleSelection(new Set(['b']), keys, 'd', { range: true, anchor: 'b' });
    expect(sorted(next)).toEqual(['b', 'c', 'd']);
    const upwards = toggleSelection(new Set(['d']), keys, 'a', { range: true, anchor: 'd' });
    expect(sorted(upwards)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clears the range when the clicked row was selected', () => {
    const next = toggleSelection(new Set(keys), keys, 'd', { range: true, anchor: 'b' });
    expect(sorted(next)).toEqual(['a', 'e']);
  });

  it('skips rows that cannot be selected and falls back to one row without a shown anchor', () => {
    const next = toggleSelection(new Set(), keys, 'e', {
      range: true,
      anchor: 'a',
      selectable: (key) => key !== 'c',
    });
    expect(sorted(next)).toEqual(['a', 'b', 'd', 'e']);
    expect(sorted(toggleSelection(new Set(), keys, 'c', { range: true, anchor: 'gone' }))).toEqual([
      'c',
    ]);
  });
});
