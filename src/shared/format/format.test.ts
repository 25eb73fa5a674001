import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';
import { ZERO_DATE, formatDate, isZeroDate } from './dates';
import {
  BELOW_LARGE_QUERY,
  LARGE_SCREEN_PX,
  MENU_COLLAPSE_PX,
  MOBILE_PX,
  WIDE_SCREEN_PX,
} from '../layout/breakpoints';

describe('formatBytes (base 1024, KiB–YiB, one decimal, below 1000 as B)', () => {
  it('shows values below 1000 in B', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
  });

  it('switches to KiB from 1000', () => {
    expect(formatBytes(1000)).toBe('1.0 KiB');
    expect(formatBytes(1024)).toBe('1.0 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
  });

  it('uses base 1024 for every unit with one decimal', () => {
    expect(formatBytes(1024 ** 2)).toBe('1.0 MiB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.3 GiB');
    expect(formatBytes(1024 ** 4)).toBe('1.0 TiB');
    expect(formatBytes(1024 ** 5)).toBe('1.0 PiB');
    expect(formatBytes(1024 ** 6)).toBe('1.0 EiB');
    expect(formatBytes(1024 ** 7)).toBe('1.0 ZiB');
    expect(formatBytes(1024 ** 8)).toBe('1.0 YiB');
  });

  it('never shows 1000 or more of a unit when a larger one exists', () => {
    expect(formatBytes(1023 * 1024)).toBe('1.0 MiB');
    expect(formatBytes(999 * 1024)).toBe('999.0 KiB');
  });

  it('stays in YiB past the last unit', () => {
    expect(formatBytes(2048 * 1024 ** 8)).toBe('2048.0 YiB');
  });
});

describe('zero date', () => {
  it("treats '0001-01-01T00:00:00Z' as empty", () => {
    expect(ZERO_DATE).toBe('0001-01-01T00:00:00Z');
    expect(isZeroDate(ZERO_DATE)).toBe(true);
    expect(formatDate(ZERO_DATE)).toBe('');
    expect(formatDate(ZERO_DATE, 'Never')).toBe('Never');
    expect(formatDate(undefined, 'Never')).toBe('Never');
  });

  it('formats real dates', () => {
    expect(isZeroDate('2026-11-22T06:00:00Z')).toBe(false);
    expect(formatDate('2026-11-22T06:00:00Z')).toMatch(/2026/);
  });
});

describe('layout thresholds', () => {
  it('uses 1250, 1200, 820 and 620 px', () => {
    expect([WIDE_SCREEN_PX, LARGE_SCREEN_PX, MENU_COLLAPSE_PX, MOBILE_PX]).toEqual([
      1250, 1200, 820, 620,
    ]);
    // 1200 px itself is large.
    expect(BELOW_LARGE_QUERY).toBe('(max-width: 1199.98px)');
  });
});
