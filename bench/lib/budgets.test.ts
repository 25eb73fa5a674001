import { describe, expect, it } from 'vitest';
import { budgetsFailed, evaluateBudgets } from './budgets';
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
    errors: [],
  };
}

function count(n: number, call: number, t: TargetResult, growthPct?: number): CountResult {
  return {
    n,
    project: `bench-${n}`,
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
            heapAfter: 1e7 * (1 + growthPct / 100),
            growthPct,
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
      'soak-growth': 'missed 12.0 %',
    });
    expect(budgetsFailed(results)).toBe(true);
  });

  it('fails --check on a figure that could not be taken', () => {
    const results = evaluateBudgets([count(10, 20, target({ firstRowMs: 300 }))], []);
    expect(results.find((r) => r.id === 'first-screen-code')?.status).toBe('n/a');
    expect(budgetsFailed(results)).toBe(true);
  });
});
