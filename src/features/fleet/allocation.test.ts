import { describe, expect, it } from 'vitest';
import { allocationOf } from './allocation';

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
