import { describe, expect, it } from 'vitest';
import { cpuCount, memoryBytes, overcommitRatio, parseMemoryLimit } from './limits';

const GiB = 1024 ** 3;

describe('cpuCount', () => {
  it.each([
    ['2', 2],
    [' 8 ', 8],
    ['0-3', 4],
    ['0,2', 2],
    ['1,3', 2],
    ['1-2,5', 3],
    ['0-1,6', 3],
    ['0-3,2-5', 6],
    ['4-4', 1],
  ])('%s is %d CPUs', (limit, count) => {
    expect(cpuCount(limit)).toBe(count);
  });

  it.each([undefined, '', 'two', '3-1', '1-', '1,,2'])('%s is not a count', (limit) => {
    expect(cpuCount(limit)).toBeUndefined();
  });
});

describe('memory limits', () => {
  it.each([
    ['512MiB', 512 * 2 ** 20],
    ['2GB', 2e9],
    ['256MB', 256e6],
    ['1073741824', GiB],
    ['1.5GiB', 1.5 * GiB],
  ])('%s is %d bytes', (limit, bytes) => {
    expect(memoryBytes(limit)).toBe(bytes);
  });

  it('reads a percentage of the host memory', () => {
    expect(parseMemoryLimit('50%')).toEqual({ percent: 50 });
    expect(parseMemoryLimit('1GiB')).toEqual({ bytes: GiB });
    expect(memoryBytes('50%', 8 * GiB)).toBe(4 * GiB);
    expect(memoryBytes('25%', 8 * GiB)).toBe(2 * GiB);
    expect(memoryBytes('50%')).toBeUndefined();
  });

  it.each([undefined, '', 'lots', '5XB'])('%s is not a size', (limit) => {
    expect(parseMemoryLimit(limit)).toBeUndefined();
    expect(memoryBytes(limit, 8 * GiB)).toBeUndefined();
  });
});

describe('overcommitRatio', () => {
  it('is allocated over capacity, undefined without a capacity', () => {
    expect(overcommitRatio(6, 4)).toBe(1.5);
    expect(overcommitRatio(6, undefined)).toBeUndefined();
    expect(overcommitRatio(6, 0)).toBeUndefined();
  });
});
