import { describe, expect, it } from 'vitest';
import { formatSummary, formatValue, median, renderTable, summarise } from './stats';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('summarise', () => {
  it('ignores runs without a figure', () => {
    expect(summarise([3, null, 1, undefined, 2])).toEqual({ min: 1, median: 2, max: 3, n: 3 });
  });
  it('is null when nothing was measured', () => {
    expect(summarise([null, null])).toBeNull();
  });
});

describe('formatting', () => {
  it('uses decimal KB and MB', () => {
    expect(formatValue(140_000, 'KB')).toBe('140.0');
    expect(formatValue(15_000_000, 'MB')).toBe('15.00');
    expect(formatValue(812.4, 'ms')).toBe('812');
    expect(formatValue(42.25, 'ms')).toBe('42.3');
  });
  it('prints median (min–max), or one value when the runs agree', () => {
    expect(formatSummary({ min: 10, median: 12, max: 20, n: 5 }, 'ms')).toBe('12.0 (10.0–20.0)');
    expect(formatSummary({ min: 114, median: 114, max: 114, n: 5 }, 'count')).toBe('114');
    expect(formatSummary(null, 'ms', 'n/a (no search box)')).toBe('n/a (no search box)');
  });
  it('aligns columns', () => {
    expect(
      renderTable([
        ['a', 'bb'],
        ['ccc', 'd'],
      ]),
    ).toBe('a    bb\nccc   d');
  });
});
