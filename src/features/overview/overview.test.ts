import { describe, expect, it } from 'vitest';
import { parseByteSize } from '../../shared/format/bytes';
import { compileFilter, type Filterable } from '../instances';
import {
  type AllocatedInstance,
  allocate,
  formatRatio,
  overcommitRatio,
  projectLimits,
} from './allocation';
import { countInstances, countOperations, countWarnings, failedInJournal } from './counts';
import { LANDING_KEY, landingPath, readLanding, writeLanding } from './landing';
import {
  instancesLink,
  memberSearch,
  operationsLink,
  statusSearch,
  typeSearch,
  warningsLink,
  withoutLimitSearch,
} from './links';
import type { LxdWarning } from '../../lxd/types/warning';
import type { ProjectOperation } from '../../lxd/types/operation';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

describe('sizes', () => {
  it('reads sizes with LXD units', () => {
    expect(parseByteSize('512MiB')).toBe(512 * MiB);
    expect(parseByteSize('2GiB')).toBe(2 * GiB);
    expect(parseByteSize('1.5GiB')).toBe(1.5 * GiB);
    expect(parseByteSize('2GB')).toBe(2e9);
    expect(parseByteSize('100kB')).toBe(100_000);
    expect(parseByteSize('64KiB')).toBe(65_536);
    expect(parseByteSize('1TB')).toBe(1e12);
    expect(parseByteSize('1073741824')).toBe(GiB);
    expect(parseByteSize('10B')).toBe(10);
    expect(parseByteSize('5XB')).toBeNull();
    expect(parseByteSize('50%')).toBeNull();
  });
});

describe('allocate', () => {
  const memory = new Map([
    ['m1', 8 * GiB],
    ['m2', 4 * GiB],
  ]);
  const instances: AllocatedInstance[] = [
    { location: 'm1', config: { 'limits.cpu': '2', 'limits.memory': '1GiB' } },
    { location: 'm1', config: { 'limits.cpu': '0-3', 'limits.memory': '50%' } },
    { location: 'm1', config: {} },
    { location: 'm2', config: { 'limits.cpu': '1,3', 'limits.memory': '50%' } },
    { location: 'm2', config: { 'limits.memory': '512MiB' } },
    { location: 'm3', config: { 'limits.cpu': '1', 'limits.memory': '10%' } },
  ];
  const result = allocate(instances, (location) => memory.get(location));

  it('sums per member, percentages against that member', () => {
    expect(result.byMember.get('m1')).toEqual({
      instances: 3,
      cpu: 6,
      memory: GiB + 4 * GiB,
      withoutCpu: 1,
      withoutMemory: 1,
      memoryUnknown: 0,
    });
    expect(result.byMember.get('m2')).toEqual({
      instances: 2,
      cpu: 2,
      memory: 2 * GiB + 512 * MiB,
      withoutCpu: 1,
      withoutMemory: 0,
      memoryUnknown: 0,
    });
    expect(result.byMember.get('m3')?.memoryUnknown).toBe(1);
  });

  it('sums the project (every instance)', () => {
    expect(result.total).toEqual({
      instances: 6,
      cpu: 9,
      memory: 7 * GiB + 512 * MiB,
      withoutCpu: 2,
      withoutMemory: 1,
      memoryUnknown: 1,
    });
  });

  it('gives the overcommit ratio', () => {
    expect(overcommitRatio(6, 4)).toBe(1.5);
    expect(overcommitRatio(2, 8)).toBe(0.25);
    expect(overcommitRatio(2, undefined)).toBeUndefined();
    expect(overcommitRatio(2, 0)).toBeUndefined();
    expect(formatRatio(1.5)).toBe('1.50×');
    expect(formatRatio(undefined)).toBe('-');
  });

  it("reads the project's limits", () => {
    expect(projectLimits({ 'limits.cpu': '4', 'limits.memory': '4GiB' })).toEqual({
      cpu: 4,
      memory: 4 * GiB,
    });
    expect(projectLimits({})).toEqual({ cpu: undefined, memory: undefined });
    expect(projectLimits(undefined)).toEqual({ cpu: undefined, memory: undefined });
  });
});

describe('counts', () => {
  it('counts instances by status and type', () => {
    const counts = countInstances([
      { status: 'Stopped', type: 'container' },
      { status: 'Running', type: 'container' },
      { status: 'Running', type: 'virtual-machine' },
      { status: 'Frozen', type: 'container' },
    ]);
    expect(counts.total).toBe(4);
    expect(counts.byStatus).toEqual([
      { status: 'Running', count: 2 },
      { status: 'Stopped', count: 1 },
      { status: 'Frozen', count: 1 },
    ]);
    expect(counts.byType).toEqual([
      { type: 'container', count: 3 },
      { type: 'virtual-machine', count: 1 },
    ]);
  });

  it("counts the new warnings of the project and the server's, by severity", () => {
    const warning = (over: Partial<LxdWarning>) => ({ ...base, ...over }) as LxdWarning;
    const base = { project: '', status: 'new', severity: 'low' } as const;
    expect(
      countWarnings(
        [
          warning({ severity: 'high', project: 'p' }),
          warning({ severity: 'high' }),
          warning({ severity: 'high', project: 'other' }),
          warning({ severity: 'low', status: 'acknowledged' }),
          warning({ severity: 'moderate', project: 'p' }),
        ],
        'p',
      ),
    ).toEqual([
      { severity: 'high', count: 2 },
      { severity: 'moderate', count: 1 },
    ]);
  });

  it('counts operations running and failed in the last hour', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    const op = (status: string, at: string) =>
      ({ status, created_at: at, updated_at: at }) as ProjectOperation;
    expect(
      countOperations(
        [
          op('Running', '2026-01-01T11:59:00Z'),
          op('Pending', '2026-01-01T11:59:00Z'),
          op('Failure', '2026-01-01T11:30:00.123456789Z'),
          op('Cancelled', '2026-01-01T11:10:00Z'),
          op('Failure', '2026-01-01T10:30:00Z'),
          op('Success', '2026-01-01T11:59:00Z'),
        ],
        now,
      ),
    ).toEqual({ running: 2, failed: 2 });
  });
});

describe('failed operations in the journal', () => {
  it('counts the failed operations, a lower bound when the journal holds more', () => {
    const entries = [
      { kind: 'operation', outcome: 'failure' },
      { kind: 'operation', outcome: 'success' },
      { kind: 'lifecycle', outcome: 'failure' },
      { kind: 'operation', outcome: 'failure' },
    ] as const;
    expect(failedInJournal(entries, false)).toEqual({ failed: 2, atLeast: false });
    expect(failedInJournal(entries, true)).toEqual({ failed: 2, atLeast: true });
  });
});

describe('links', () => {
  const item = (over: Partial<Filterable>): Filterable => ({
    name: 'a',
    description: '',
    status: 'Running',
    type: 'container',
    profiles: [],
    project: 'p',
    location: 'm1',
    config: {},
    ...over,
  });
  const shows = (search: string, over: Partial<Filterable>) => compileFilter(search)(item(over));

  it('leads to the instance list filtered as the figure counts', () => {
    expect(instancesLink('p', statusSearch('Stopped'))).toBe(
      '/project/p/instances?search=status%3Astopped',
    );
    expect(instancesLink('my p')).toBe('/project/my%20p/instances');
    expect(shows(statusSearch('Stopped'), { status: 'Stopped' })).toBe(true);
    expect(shows(statusSearch('Stopped'), { status: 'Running' })).toBe(false);
    expect(shows(typeSearch('virtual-machine'), { type: 'virtual-machine' })).toBe(true);
    expect(shows(typeSearch('container'), { type: 'virtual-machine' })).toBe(false);
    expect(shows(memberSearch('m1'), {})).toBe(true);
    expect(shows(memberSearch('m2'), {})).toBe(false);
  });

  it('shows the instances without limits (per member)', () => {
    expect(withoutLimitSearch('cpu')).toBe('limits.cpu=');
    expect(withoutLimitSearch('memory', 'm1')).toBe('location:m1 limits.memory=');
    expect(shows(withoutLimitSearch('cpu'), {})).toBe(true);
    expect(shows(withoutLimitSearch('cpu'), { config: { 'limits.cpu': '2' } })).toBe(false);
    expect(shows(withoutLimitSearch('memory', 'm1'), { config: { 'limits.cpu': '2' } })).toBe(true);
    expect(shows(withoutLimitSearch('memory', 'm2'), {})).toBe(false);
  });

  it('leads to the warnings and operations', () => {
    expect(warningsLink('high')).toBe('/warnings?severity=high');
    expect(operationsLink('p')).toBe('/operations?project=p');
  });
});

describe('landing', () => {
  const store = () => {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
      values,
    };
  };

  it('is the instances until the overview is chosen', () => {
    const storage = store();
    expect(readLanding(storage)).toBe('instances');
    expect(landingPath('p', readLanding(storage))).toBe('/project/p/instances');
    writeLanding('overview', storage);
    expect(storage.values.get(LANDING_KEY)).toBe('overview');
    expect(landingPath('p', readLanding(storage))).toBe('/project/p/overview');
    writeLanding('instances', storage);
    expect(readLanding(storage)).toBe('instances');
  });

  it('falls back to the instances when storage fails', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLanding(broken)).toBe('instances');
  });
});
