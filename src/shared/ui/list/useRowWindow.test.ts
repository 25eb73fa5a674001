import { describe, expect, it } from 'vitest';
import { rowWindow } from './useRowWindow';

const base = { rowHeight: 40, viewportHeight: 400, offset: 40, overscan: 5 };

describe('rowWindow', () => {
  it('renders the rows in view and a few around them, whatever the count', () => {
    const top = rowWindow({ ...base, count: 10_000, scrollTop: 0 });
    expect(top).toEqual({
      start: 0,
      end: 15,
      firstVisible: 0,
      endVisible: 10,
      paddingTop: 0,
      paddingBottom: (10_000 - 15) * 40,
    });
    const middle = rowWindow({ ...base, count: 10_000, scrollTop: 40 + 4000 });
    expect([middle.start, middle.end, middle.firstVisible, middle.endVisible]).toEqual([
      95, 115, 100, 110,
    ]);
    expect(middle.end - middle.start).toBe(20);
    expect(middle.paddingTop).toBe(95 * 40);
  });

  it('stays within the list', () => {
    const short = rowWindow({ ...base, count: 3, scrollTop: 0 });
    expect([short.start, short.end, short.paddingBottom]).toEqual([0, 3, 0]);
    const past = rowWindow({ ...base, count: 3, scrollTop: 5000 });
    expect([past.start, past.end]).toEqual([0, 3]);
    expect(rowWindow({ ...base, count: 0, scrollTop: 0 }).end).toBe(0);
  });
});
