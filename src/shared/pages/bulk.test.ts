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

  it('lists ten failures a line each and counts the rest', () => {
    const failed = Array.from({ length: 12 }, (_, index) => ({
      item: `web-${String(index + 1)}`,
      message: 'Instance is busy',
    }));
    const text = bulkFailures({ done: [], failed }, (item) => item);
    expect(text.split('\n')).toEqual([
      ...failed.slice(0, 10).map(({ item }) => `${item}: Instance is busy`),
      'and 2 more',
    ]);
    expect(
      bulkFailures({ done: [], failed: failed.slice(0, 10) }, (item) => item).split('\n'),
    ).toHaveLength(10);
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

const IMAGES = { one: 'image', other: 'images' };

describe('bulk actions', () => {
  it('runs every action at once and waits for all of them, failures included', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = runBulk(['x', 'y', 'z'], async (item) => {
      started.push(item);
      await gate;
      if (item === 'y') throw new Error('Image is in use');
      return item;
    });
    // All three started before any of them ended: they run in parallel.
    expect(started).toEqual(['x', 'y', 'z']);
    release();
    const outcome = await pending;
    expect(outcome.done).toEqual(['x', 'z']);
    expect(outcome.failed).toEqual([{ item: 'y', message: 'Image is in use' }]);
    expect(bulkSummary(outcome, IMAGES, 'deleted')).toBe('2 images deleted, 1 failed');
  });

  it('words the summary for one, none and all failed', () => {
    expect(bulkSummary({ done: ['a'], failed: [] }, IMAGES, 'deleted')).toBe('1 image deleted');
    expect(bulkSummary({ done: ['a', 'b'], failed: [] }, IMAGES, 'deleted')).toBe(
      '2 images deleted',
    );
    expect(
      bulkSummary({ done: [], failed: [{ item: 'a', message: 'm' }] }, IMAGES, 'deleted'),
    ).toBe('0 images deleted, 1 failed');
  });

  it('records the message of any rejection reason', async () => {
    const reasons: unknown[] = [new Error('Image not found'), 'Operation failed', undefined, {}];
    const outcome = await runBulk([0, 1, 2, 3], (index) => Promise.reject(reasons[index] as Error));
    expect(outcome.failed.map((failure) => failure.message)).toEqual([
      'Image not found',
      'Operation failed',
      'Unknown error',
      'Unknown error',
    ]);
  });

  it('lists each failure with a label and its message', () => {
    const outcome = {
      done: ['p/1'],
      failed: [
        { item: 'p/2', message: 'not found' },
        { item: 'p/3', message: 'in use' },
      ],
    };
    expect(bulkFailures(outcome, (item) => item.toUpperCase())).toBe('P/2: not found\nP/3: in use');
  });
});
