import { describe, expect, it } from 'vitest';
import type { BulkJob, BulkItem } from './queue';
import { bulkTitle, outcomeOf } from './useBulkAction';

const NOUN = { one: 'image', other: 'images' };

function job(states: BulkItem['state'][]): BulkJob {
  return {
    id: 'job-1',
    title: 'Delete 4 images',
    noun: NOUN,
    verb: 'deleted',
    skipped: 0,
    paused: false,
    createdAt: 0,
    items: states.map((state, index) => ({
      id: `item-${String(index)}`,
      kind: 'image.delete',
      label: `i${String(index)}`,
      server: '',
      params: {},
      state,
      ...(state === 'failed' ? { message: 'not found' } : {}),
    })),
  };
}

describe('a list’s bulk action through the queue', () => {
  it('names the job with its count', () => {
    expect(bulkTitle('Delete', 3, NOUN)).toBe('Delete 3 images');
    expect(bulkTitle('Acknowledge', 1, { one: 'warning', other: 'warnings' })).toBe(
      'Acknowledge 1 warning',
    );
  });

  it('gives the outcome in the caller’s objects, in order; cancelled ones are neither', () => {
    const objects = [{ n: 'a' }, { n: 'b' }, { n: 'c' }, { n: 'd' }];
    const outcome = outcomeOf(objects, job(['done', 'failed', 'cancelled', 'not-done']));
    expect(outcome.done).toEqual([{ n: 'a' }]);
    expect(outcome.failed).toEqual([
      { item: { n: 'b' }, message: 'not found' },
      { item: { n: 'd' }, message: '' },
    ]);
  });
});
