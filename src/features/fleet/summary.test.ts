import { describe, expect, it } from 'vitest';
import type { FleetInstance, RemoteSummary } from '../../lxd/endpoints/fleet';
import type { InstanceStatus } from '../../lxd/types/instance';
import type { LxdServer } from '../../lxd/types/server';
import { remoteFigures } from './summary';

const GiB = 2 ** 30;

function instance(
  name: string,
  status: InstanceStatus,
  location: string,
  config: Record<string, string> = {},
): FleetInstance {
  return { name, project: 'default', status, type: 'container', location, expanded_config: config };
}

const cluster: RemoteSummary = {
  server: {} as LxdServer,
  members: [
    { name: 'm1', status: 'Online', cpu: 4, memory: 8 * GiB },
    { name: 'm2', status: 'Online', cpu: 4, memory: 4 * GiB },
    { name: 'm3', status: 'Offline', cpu: undefined, memory: undefined },
  ],
  instances: [
    instance('a', 'Running', 'm1', { 'limits.cpu': '2', 'limits.memory': '50%' }),
    instance('b', 'Running', 'm2', { 'limits.cpu': '4', 'limits.memory': '50%' }),
    instance('c', 'Stopped', 'm2', { 'limits.memory': '1GiB' }),
    instance('d', 'Frozen', 'm1'),
    instance('e', 'Error', 'm3'),
    instance('f', 'Starting', 'm1'),
  ],
  warnings: [
    { severity: 'high', status: 'new' },
    { severity: 'low', status: 'acknowledged' },
    { severity: 'moderate', status: 'resolved' },
  ],
};

describe('remoteFigures', () => {
  it('counts members, instances by status and the warnings that are not resolved', () => {
    const figures = remoteFigures(cluster);
    expect(figures.members).toBe(3);
    expect(figures.membersOnline).toBe(2);
    expect(figures.instances).toBe(6);
    expect(figures.byStatus).toEqual({ Running: 2, Stopped: 1, Frozen: 1, Error: 1, other: 1 });
    expect(figures.warnings).toEqual({ high: 1, moderate: 0, low: 1 });
  });

  it("sums the allocation, a percentage of memory being of the instance's own member", () => {
    const figures = remoteFigures(cluster);
    // 50 % of m1 (4 GiB) + 50 % of m2 (2 GiB) + 1 GiB.
    expect(figures.allocation).toEqual({
      cpu: 6,
      memory: 7 * GiB,
      withoutCpuLimit: 4,
      withoutMemoryLimit: 3,
    });
    expect(figures.cpuCapacity).toBe(8);
    expect(figures.memoryCapacity).toBe(12 * GiB);
  });

  it('leaves out what could not be read', () => {
    const figures = remoteFigures({
      ...cluster,
      members: [{ name: 'none', status: 'Online', cpu: undefined, memory: undefined }],
      warnings: undefined,
    });
    expect(figures.warnings).toBeUndefined();
    expect(figures.cpuCapacity).toBeUndefined();
    expect(figures.memoryCapacity).toBeUndefined();
  });
});
