import { describe, expect, it } from 'vitest';
import { allocationOf, cpuCount, memoryBytes, overcommit } from './allocation';

describe('cpuCount', () => {
  it.each([
    ['2', 2],
    ['0-3', 4],
    ['0,2', 2],
    ['1-2,5', 3],
    [' 4 ', 4],
  ])('%s is %d CPUs', (limit, count) => {
    expect(cpuCount(limit)).toBe(count);
  });

  it.each([undefined, '', 'two', '3-1', '1-'])('%s is not a count', (limit) => {
    expect(cpuCount(limit)).toBeUndefined();
  });
});

describe('memoryBytes', () => {
  it.each([
    ['512MiB', 512 * 2 ** 20],
    ['2GB', 2e9],
    ['1073741824', 2 ** 30],
    ['1.5GiB', 1.5 * 2 ** 30],
  ])('%s is %d bytes', (limit, bytes) => {
    expect(memoryBytes(limit)).toBe(bytes);
  });

  it('reads a percentage of the host memory', () => {
    expect(memoryBytes('50%', 8 * 2 ** 30)).toBe(4 * 2 ** 30);
    expect(memoryBytes('50%')).toBeUndefined();
  });

  it.each([undefined, '', 'lots', '5XB'])('%s is not a size', (limit) => {
    expect(memoryBytes(limit)).toBeUndefined();
  });
});

describe('allocationOf', () => {
  it('sums the limits and counts the instances without one apart', () => {
    const instances: { expanded_config: Record<string, string> }[] = [
      { expanded_config: { 'limits.cpu': '2', 'limits.memory': '1GiB' } },
      { expanded_config: { 'limits.cpu': '0-3', 'limits.memory': '25%' } },
      { expanded_config: {} },
    ];
    expect(allocationOf(instances, 8 * 2 ** 30)).toEqual({
      cpu: 6,
      memory: 3 * 2 ** 30,
      withoutCpuLimit: 1,
      withoutMemoryLimit: 1,
    });
  });
});

describe('overcommit', () => {
  it('is the allocation over the capacity', () => {
    expect(overcommit(12, 8)).toBe(1.5);
    expect(overcommit(12, undefined)).toBeUndefined();
    expect(overcommit(12, 0)).toBeUndefined();
  });
});
