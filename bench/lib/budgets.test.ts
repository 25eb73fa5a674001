import { describe, expect, it } from 'vitest';
import { budgetsFailed, cheapestListCall, evaluateBudgets } from './budgets';
import type { Summary } from './stats';
import { RUN_METRICS, type CountResult, type RunMetric, type TargetResult } from './types';

const s = (median: number): Summary => ({ min: median, median, max: median, n: 5 });

function target(values: Partial<Record<RunMetric, number>>, gzip = 120_000): TargetResult {
  const summary = Object.fromEntries(
    RUN_METRICS.map((m) => [m, values[m] === undefined ? null : s(values[m])]),
  ) as TargetResult['summary'];
  return {
    warmup: null,
    runs: [],
    summary,
    firstScreenGzip: s(gzip),
    filterNote: values.filterMs === undefined ? 'n/a (no search box)' : null,
    detailNote: values.detailMs === undefined ? 'n/a (no detail page)' : null,
    sortNote: values.sortMs === undefined ? 'n/a (no sortable column)' : null,
    eventNote: values.eventMs === undefined ? 'n/a (row not updated in 20 s)' : null,
    errors: [],
  };
}

function count(
  n: number,
  call: number,
  t: TargetResult,
  growthPct?: number,
  namesCall?: number,
): CountResult {
  return {
    n,
    project: `bench-${n}`,
    namesCall: namesCall === undefined ? null : s(namesCall),
    namesBytes: 0,
    cheapestCall: s(call),
    cheapestBytes: 0,
    recursion2Ms: null,
    recursion2Bytes: null,
    targets: { console: t },
    soak:
      growthPct === undefined
        ? null
        : {
            events: 1000,
            seconds: 50,
            actions: {},
            heapBefore: 1e7,
            // The whole heap grew by a third (compiled code); the budget reads the data.
            heapAfter: 1.33e7,
            growthPct: 33,
            splitBefore: { code: 4e6, data: 5e6 },
            splitAfter: {
              code: 7.3e6 - 5e6 * (growthPct / 100),
              data: 5e6 * (1 + growthPct / 100),
            },
            dataGrowthPct: growthPct,
            domBefore: 100,
            domAfter: 100,
            listRequests: 10,
            instanceRequests: 0,
            errors: [],
          },
  };
}

const byId = (results: ReturnType<typeof evaluateBudgets>) =>
  Object.fromEntries(results.map((r) => [r.id, `${r.status} ${r.value}`]));

describe('evaluateBudgets', () => {
  it('meets every budget with good figures', () => {
    const results = evaluateBudgets(
      [
        count(10, 20, target({ firstRowMs: 400, domNodes: 300, filterMs: 10, detailMs: 100 })),
        count(
          1000,
          500,
          target({ firstRowMs: 700, heapGc: 9e6, domNodes: 450, filterMs: 30, detailMs: 200 }),
          3,
        ),
      ],
      [{ source: 'react-dom', raw: 200_000, gzip: 60_000 }],
    );
    expect(byId(results)).toEqual({
      'first-screen-bytes': 'met 120.0 KB',
      'first-screen-code': 'met none',
      'first-row-1000': 'met 700 ms',
      'first-row-vs-call': 'met 1.40 x',
      'first-row-10': 'met 400 ms',
      'filter-1000': 'met 30.0 ms',
      'heap-1000': 'met 9.00 MB',
      'dom-bounded': 'met 1.50 x',
      'detail-1000': 'met 200 ms',
      'first-row-10000': 'skipped not run',
      'statuses-10000': 'skipped not run',
      'filter-10000': 'skipped not run',
      'sort-10000': 'skipped not run',
      'heap-10000': 'skipped not run',
      'dom-bounded-10000': 'skipped not run',
      'event-10000': 'skipped not run',
      'soak-growth': 'met 3.0 %',
    });
    expect(budgetsFailed(results)).toBe(false);
  });

  it('names misses, figures that could not be taken, and counts not run', () => {
    const results = evaluateBudgets(
      [count(1000, 400, target({ firstRowMs: 1600, heapGc: 2e7, domNodes: 9000 }, 150_000), 12)],
      [{ source: '@xterm/xterm', raw: 300_000, gzip: 80_000 }],
    );
    expect(byId(results)).toEqual({
      'first-screen-bytes': 'missed 150.0 KB',
      'first-screen-code': 'missed @xterm/xterm',
      'first-row-1000': 'missed 1600 ms',
      'first-row-vs-call': 'missed 4.00 x',
      'first-row-10': 'skipped not run',
      'filter-1000': 'n/a n/a (no search box)',
      'heap-1000': 'missed 20.00 MB',
      'dom-bounded': 'skipped not run',
      'detail-1000': 'n/a n/a (no detail page)',
      'first-row-10000': 'skipped not run',
      'statuses-10000': 'skipped not run',
      'filter-10000': 'skipped not run',
      'sort-10000': 'skipped not run',
      'heap-10000': 'skipped not run',
      'dom-bounded-10000': 'skipped not run',
      'event-10000': 'skipped not run',
      'soak-growth': 'missed 12.0 %',
    });
    expect(budgetsFailed(results)).toBe(true);
  });

  it('fails --check on a figure that could not be taken', () => {
    const results = evaluateBudgets([count(10, 20, target({ firstRowMs: 300 }))], []);
    expect(results.find((r) => r.id === 'first-screen-code')?.status).toBe('n/a');
    expect(budgetsFailed(results)).toBe(true);
  });

  it('checks the 10,000 budgets against the figures at 10,000 and the DOM at 10', () => {
    const good = {
      firstRowMs: 800,
      statusesMs: 2500,
      filterMs: 20,
      sortMs: 150,
      heapGc: 35e6,
      domNodes: 500,
      eventMs: 300,
    };
    const results = evaluateBudgets(
      [
        count(10, 20, target({ firstRowMs: 300, domNodes: 300 })),
        count(10_000, 3000, target(good), undefined, 60),
      ],
      [],
    );
    const ids = byId(results);
    expect(ids).toMatchObject({
      'first-row-10000': 'met 800 ms',
      'statuses-10000': 'met 2500 ms',
      'filter-10000': 'met 20.0 ms',
      'sort-10000': 'met 150 ms',
      'heap-10000': 'met 35.00 MB',
      'dom-bounded-10000': 'met 1.67 x',
      'event-10000': 'met 300 ms',
      'first-row-1000': 'skipped not run',
      'dom-bounded': 'skipped not run',
    });
  });

  it('misses each 10,000 budget just over its limit, and names what was not measured', () => {
    const over = {
      firstRowMs: 1001,
      statusesMs: 3001,
      filterMs: 51,
      heapGc: 40_000_001,
      domNodes: 600,
    };
    const results = evaluateBudgets(
      [
        count(10, 20, target({ firstRowMs: 300, domNodes: 300 })),
        count(10_000, 3000, target(over)),
      ],
      [],
    );
    expect(byId(results)).toMatchObject({
      'first-row-10000': 'missed 1001 ms',
      'statuses-10000': 'missed 3001 ms',
      'filter-10000': 'missed 51.0 ms',
      'sort-10000': 'n/a n/a (no sortable column)',
      'heap-10000': 'missed 40.00 MB',
      'dom-bounded-10000': 'missed 2.00 x',
      'event-10000': 'n/a n/a (row not updated in 20 s)',
    });
    expect(budgetsFailed(results)).toBe(true);
  });

  it('holds the first row at 1,000 to 1.5 x the cheapest call that can produce the list', () => {
    // recursion=1 (what gives each row its columns) takes 100 ms, the names 5 ms: the first row
    // at 160 ms is 1.6 x the cheapest list call, at 140 ms 1.4 x.
    const results = evaluateBudgets(
      [count(1000, 100, target({ firstRowMs: 160 }), undefined, 5)],
      [],
    );
    expect(byId(results)['first-row-vs-call']).toBe('missed 1.60 x');
    const fast = evaluateBudgets([count(1000, 100, target({ firstRowMs: 140 }), undefined, 5)], []);
    expect(byId(fast)['first-row-vs-call']).toBe('met 1.40 x');
  });
});

describe('cheapestListCall', () => {
  it('is the recursion=1 call (the names call only when that was not measured)', () => {
    const t = target({});
    expect(cheapestListCall(count(1000, 500, t, undefined, 80))).toBe(500);
    expect(cheapestListCall(count(1000, 50, t, undefined, 80))).toBe(50);
    expect(cheapestListCall(count(1000, 500, t))).toBe(500);
    expect(cheapestListCall(count(1000, 0, t, undefined, 80))).toBe(80);
    expect(cheapestListCall(undefined)).toBeUndefined();
  });
});
