import { describe, expect, it } from 'vitest';
import { formatOrNever, isNever } from './dates';

describe('never dates', () => {
  it("shows the zero date and LXD 5.0's epoch as 'Never'", () => {
    expect(formatOrNever('0001-01-01T00:00:00Z')).toBe('Never');
    expect(formatOrNever('1970-01-01T00:00:00Z')).toBe('Never');
    expect(formatOrNever(undefined)).toBe('Never');
    expect(isNever('2026-11-22T07:23:51Z')).toBe(false);
    expect(formatOrNever('2026-11-22T07:23:51Z')).toMatch(/2026/);
  });
});
