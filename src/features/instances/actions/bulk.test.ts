import { describe, expect, it } from 'vitest';
import type { InstanceStatus } from '../../../lxd/types/instance';
import { bulkSummary } from '../../../shared/pages/bulk';
import {
  BULK_ACTION_WORDS,
  BULK_ACTIONS,
  INSTANCE_NOUN,
  canForce,
  planBulkAction,
  stateActionFor,
  statusAfter,
  statusText,
  type BulkAction,
} from './bulk';

const STATUSES: InstanceStatus[] = [
  'Running',
  'Stopped',
  'Frozen',
  'Freezing',
  'Starting',
  'Stopping',
  'Restarting',
  'Aborting',
  'Error',
  'Ready',
  'Unknown',
];

// Spec §4: what each action sends for each status; absent = skipped.
const EXPECTED: Record<BulkAction, Partial<Record<InstanceStatus, string>>> = {
  start: { Frozen: 'unfreeze', Stopped: 'start' },
  restart: { Freezing: 'restart', Running: 'restart' },
  freeze: { Running: 'freeze' },
  stop: { Freezing: 'stop', Running: 'stop', Starting: 'stop', Frozen: 'stop' },
};

describe('bulk action table (spec §4)', () => {
  for (const action of BULK_ACTIONS) {
    for (const status of STATUSES) {
      const sent = EXPECTED[action][status];
      it(`${action} on ${status}: ${sent ? `sent as ${sent}` : 'skipped'}`, () => {
        expect(stateActionFor(action, status)).toBe(sent);
      });
    }
  }

  it('has the confirmation words started, restarted, frozen, stopped', () => {
    expect(BULK_ACTION_WORDS).toEqual({
      start: 'started',
      restart: 'restarted',
      freeze: 'frozen',
      stop: 'stopped',
    });
  });

  it('offers force for stop and restart only', () => {
    expect(BULK_ACTIONS.filter(canForce)).toEqual(['restart', 'stop']);
  });

  it('splits a selection into what is sent and what is skipped', () => {
    const selection = [
      { name: 'a', project: 'p', status: 'Running' as const },
      { name: 'b', project: 'p', status: 'Stopped' as const },
      { name: 'c', project: 'p', status: 'Frozen' as const },
      { name: 'd', project: 'p', status: 'Error' as const },
    ];
    const plan = planBulkAction('start', selection);
    expect(plan.run.map(({ instance, sentAs }) => [instance.name, sentAs])).toEqual([
      ['b', 'start'],
      ['c', 'unfreeze'],
    ]);
    expect(plan.skipped.map((instance) => instance.name)).toEqual(['a', 'd']);
  });

  it('summarises with counts', () => {
    const outcome = (done: number, failed: number) => ({
      done: Array.from({ length: done }, (_, index) => index),
      failed: Array.from({ length: failed }, (_, item) => ({ item, message: 'busy' })),
    });
    expect(bulkSummary(outcome(2, 0), INSTANCE_NOUN, 'started', 1)).toBe(
      '2 instances started, 1 skipped',
    );
    expect(bulkSummary(outcome(1, 0), INSTANCE_NOUN, 'stopped')).toBe('1 instance stopped');
    expect(bulkSummary(outcome(0, 1), INSTANCE_NOUN, 'frozen', 2)).toBe(
      '0 instances frozen, 2 skipped, 1 failed',
    );
  });

  it('knows the status each action leads to and shows statuses in lower case', () => {
    expect(statusAfter('unfreeze')).toBe('Running');
    expect(statusAfter('freeze')).toBe('Frozen');
    expect(statusAfter('stop')).toBe('Stopped');
    expect(statusText('Frozen')).toBe('frozen');
    expect(statusText('Stopped')).toBe('stopped');
    expect(statusText('Running')).toBe('running');
  });
});
