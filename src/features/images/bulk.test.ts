import { describe, expect, it } from 'vitest';
import { countOutcomes, deleteSummary, failureDetails, reasonMessage, runInParallel } from './bulk';

describe('outcome counting of parallel image deletions', () => {
  it('counts fulfilled results as deleted and rejected ones as failed with their message', () => {
    const outcome = countOutcomes(
      ['a', 'b', 'c', 'd'],
      [
        { status: 'fulfilled', value: undefined },
        { status: 'rejected', reason: new Error('not found') },
        { status: 'fulfilled', value: undefined },
        { status: 'fulfilled', value: undefined },
      ],
    );
    expect(outcome).toEqual({
      succeeded: ['a', 'c', 'd'],
      failed: [{ item: 'b', message: 'not found' }],
    });
    expect(deleteSummary(outcome)).toBe('3 images deleted, 1 failed');
  });

  it('runs every action at once and waits for all of them, failures included', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = runInParallel(['x', 'y', 'z'], async (item) => {
      started.push(item);
      await gate;
      if (item === 'y') throw new Error('Image is in use');
      return item;
    });
    // All three started before any of them ended: they run in parallel.
    expect(started).toEqual(['x', 'y', 'z']);
    release();
    const outcome = await pending;
    expect(outcome.succeeded).toEqual(['x', 'z']);
    expect(outcome.failed).toEqual([{ item: 'y', message: 'Image is in use' }]);
    expect(deleteSummary(outcome)).toBe('2 images deleted, 1 failed');
  });

  it('words the summary for one, none and all failed', () => {
    expect(deleteSummary({ succeeded: ['a'], failed: [] })).toBe('1 image deleted');
    expect(deleteSummary({ succeeded: ['a', 'b'], failed: [] })).toBe('2 images deleted');
    expect(deleteSummary({ succeeded: [], failed: [{ item: 'a', message: 'm' }] })).toBe(
      '0 images deleted, 1 failed',
    );
  });

  it('records the message of any rejection reason', () => {
    expect(reasonMessage(new Error('Image not found'))).toBe('Image not found');
    expect(reasonMessage('Operation failed')).toBe('Operation failed');
    expect(reasonMessage(undefined)).toBe('Unknown error');
    expect(reasonMessage({})).toBe('Unknown error');
  });

  it('lists each failure with a label and its message', () => {
    const outcome = {
      succeeded: ['p/1'],
      failed: [
        { item: 'p/2', message: 'not found' },
        { item: 'p/3', message: 'in use' },
      ],
    };
    expect(failureDetails(outcome, (item) => item.toUpperCase())).toBe(
      'P/2: not found\nP/3: in use',
    );
  });
});
