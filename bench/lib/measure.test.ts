import type { Page } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { eventMedian, eventText, sortMedian } from './interactions';
import { waitForExpr } from './page';

describe('eventMedian', () => {
  it('is the median of the samples', () => {
    expect(eventMedian([300, 100, 200])).toBe(200);
    expect(eventMedian([0, 40])).toBe(20);
  });
  it('has no figure when an update was lost or nothing was measured', () => {
    expect(eventMedian([100, null, 120])).toBeNull();
    expect(eventMedian([])).toBeNull();
  });
});

describe('sortMedian', () => {
  it('is the median over the columns', () => {
    expect(sortMedian({ Name: 30, Type: 90, Status: 60, Description: 250 })).toBe(75);
  });
  it('has no figure when a click changed nothing', () => {
    expect(sortMedian({ Name: 30, Type: null })).toBeNull();
    expect(sortMedian({})).toBeNull();
  });
});

describe('eventText', () => {
  it('is new each time and has no digits (the filter types the digits of N)', () => {
    const texts = new Set(Array.from({ length: 20 }, () => eventText()));
    expect(texts.size).toBe(20);
    for (const text of texts) expect(text).toMatch(/^bench event [a-z]{8}$/);
  });
});

describe('waitForExpr', () => {
  const pageAnswering = (answers: boolean[]) => {
    const asked: string[] = [];
    const page = {
      evaluate: (expr: string) => {
        asked.push(expr);
        return Promise.resolve(answers.shift() ?? false);
      },
    } as unknown as Page;
    return { page, asked };
  };
  it('asks the page until the expression is true', async () => {
    const { page, asked } = pageAnswering([false, false, true]);
    await waitForExpr(page, 'window.ready', { timeout: 1000, interval: 1 });
    expect(asked).toEqual(['window.ready', 'window.ready', 'window.ready']);
  });
  it('gives up after the timeout, naming the expression', async () => {
    const { page } = pageAnswering([]);
    await expect(waitForExpr(page, 'window.never', { timeout: 20, interval: 5 })).rejects.toThrow(
      'timed out after 20 ms waiting for window.never',
    );
  });
});
