import { describe, expect, it } from 'vitest';
import { bulkFailures, bulkSummary, runBulk } from './bulk';

const NOUN = { one: 'snapshot', other: 'snapshots' };

describe('the bulk runner', () => {
  it('runs every item and keeps each failure with its message', async () => {
    const outcome = await runBulk(['a', 'b', 'c'], (item) =>
      item === 'b' ? Promise.reject(new Error('busy')) : Promise.resolve(),
    );
    expect(outcome.done).toEqual(['a', 'c']);
    expect(outcome.failed).toEqual([{ item: 'b', message: 'busy' }]);
    expect(bulkFailures(outcome, (item) => item)).toBe('b: busy');
  });

  it('counts the outcome in one wording, with what was skipped', () => {
    const outcome = (done: number, failed: number) => ({
      done: Array.from({ length: done }, (_, index) => index),
      failed: Array.from({ length: failed }, (_, item) => ({ item, message: 'x' })),
    });
    expect(bulkSummary(outcome(2, 0), NOUN, 'deleted')).toBe('2 snapshots deleted');
    expect(bulkSummary(outcome(1, 1), NOUN, 'deleted')).toBe('1 snapshot deleted, 1 failed');
    expect(bulkSummary(outcome(0, 2), NOUN, 'deleted', 3)).toBe(
      '0 snapshots deleted, 3 skipped, 2 failed',
    );
  });
});
