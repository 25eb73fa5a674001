/**
 * The budgets of issue #9 (medians, measured through the console server). A budget whose count
 * was not run is 'skipped'; one that was run but has no figure (e.g. no search box yet) is
 * 'n/a' and, like 'missed', fails --check.
 */
import { formatValue, type Summary, type Unit } from './stats';
import type { SourceBytes } from './bundle';
import type { BudgetResult, CountResult, TargetResult } from './types';

export const BUDGET = {
  firstScreenGzip: 140_000,
  firstRowAt1000Ms: 1500,
  firstRowVsCall: 1.5,
  firstRowAt10Ms: 600,
  filterMs: 50,
  heapGcAt1000: 15_000_000,
  domRatio: 2,
  detailMs: 300,
  soakGrowthPct: 10,
} as const;

/** Code that must not be on the first screen: terminals, editors, certificate generation, charts. */
export const HEAVY_PACKAGES = [
  '@xterm/',
  '@codemirror/',
  '@lezer/',
  'node-forge',
  '@spice-project/',
  'uplot',
] as const;

function consoleAt(counts: CountResult[], n: number): TargetResult | undefined {
  return counts.find((c) => c.n === n)?.targets.console;
}

function check(
  id: string,
  label: string,
  limit: string,
  value: number | null | undefined,
  unit: Unit,
  ok: (v: number) => boolean,
  note?: string | null,
): BudgetResult {
  if (value === undefined) return { id, label, limit, value: 'not run', status: 'skipped' };
  if (value === null) return { id, label, limit, value: note ?? 'n/a', status: 'n/a' };
  const unitText = unit === 'count' ? '' : ` ${unit}`;
  return {
    id,
    label,
    limit,
    value: `${formatValue(value, unit)}${unitText}`,
    status: ok(value) ? 'met' : 'missed',
  };
}

const med = (s: Summary | null | undefined): number | null | undefined =>
  s === undefined ? undefined : (s?.median ?? null);

export function evaluateBudgets(
  counts: CountResult[],
  firstScreenSources: SourceBytes[],
): BudgetResult[] {
  const results: BudgetResult[] = [];
  const measured = counts.filter((c) => c.targets.console);
  const byteMedians = measured.map((c) => c.targets.console?.firstScreenGzip?.median ?? null);
  const worstBytes =
    measured.length === 0
      ? undefined
      : byteMedians.some((v) => v === null)
        ? null
        : Math.max(...byteMedians.filter((v): v is number => v !== null));
  results.push(
    check(
      'first-screen-bytes',
      'First screen JS+CSS (gzip)',
      '≤ 140 KB',
      worstBytes,
      'KB',
      (v) => v <= BUDGET.firstScreenGzip,
    ),
  );
  const heavy = firstScreenSources.filter((s) =>
    HEAVY_PACKAGES.some((p) => s.source.startsWith(p)),
  );
  results.push({
    id: 'first-screen-code',
    label: 'No terminal/editor/cert/chart code on the first screen',
    limit: 'none',
    value: !measured.length
      ? 'not run'
      : firstScreenSources.length === 0
        ? 'n/a'
        : heavy.map((s) => s.source).join(', ') || 'none',
    status: !measured.length
      ? 'skipped'
      : firstScreenSources.length === 0
        ? 'n/a'
        : heavy.length
          ? 'missed'
          : 'met',
  });

  const at1000 = consoleAt(counts, 1000);
  const at10 = consoleAt(counts, 10);
  const call1000 = counts.find((c) => c.n === 1000)?.cheapestCall?.median;
  const row1000 = med(at1000 ? at1000.summary.firstRowMs : undefined);
  results.push(
    check('first-row-1000', 'First row at 1,000', '≤ 1500 ms', row1000, 'ms', (v) => {
      return v <= BUDGET.firstRowAt1000Ms;
    }),
  );
  const ratio =
    row1000 === undefined || call1000 === undefined
      ? undefined
      : row1000 === null
        ? null
        : row1000 / call1000;
  results.push(
    check(
      'first-row-vs-call',
      'First row at 1,000 / cheapest list call',
      '≤ 1.5 x',
      ratio,
      'x',
      (v) => v <= BUDGET.firstRowVsCall,
    ),
  );
  results.push(
    check(
      'first-row-10',
      'First row at 10',
      '≤ 600 ms',
      med(at10 ? at10.summary.firstRowMs : undefined),
      'ms',
      (v) => v <= BUDGET.firstRowAt10Ms,
    ),
  );
  results.push(
    check(
      'filter-1000',
      'Filter at 1,000 (per keystroke)',
      '≤ 50 ms',
      med(at1000 ? at1000.summary.filterMs : undefined),
      'ms',
      (v) => v <= BUDGET.filterMs,
      at1000?.filterNote,
    ),
  );
  results.push(
    check(
      'heap-1000',
      'JS heap after GC at 1,000',
      '≤ 15 MB',
      med(at1000 ? at1000.summary.heapGc : undefined),
      'MB',
      (v) => v <= BUDGET.heapGcAt1000,
    ),
  );
  const dom10 = med(at10?.summary.domNodes);
  const dom1000 = med(at1000?.summary.domNodes);
  const domRatio =
    dom10 === undefined || dom1000 === undefined
      ? undefined
      : dom10 === null || dom1000 === null
        ? null
        : dom1000 / dom10;
  results.push(
    check(
      'dom-bounded',
      'DOM nodes at 1,000 / at 10',
      '< 2 x',
      domRatio,
      'x',
      (v) => v < BUDGET.domRatio,
    ),
  );
  results.push(
    check(
      'detail-1000',
      'Open detail at 1,000',
      '≤ 300 ms',
      med(at1000 ? at1000.summary.detailMs : undefined),
      'ms',
      (v) => v <= BUDGET.detailMs,
      at1000?.detailNote,
    ),
  );
  const soaked = counts.filter((c) => c.soak);
  const soakedAt = soaked.find((c) => c.n === 1000) ?? soaked.at(-1);
  results.push(
    check(
      'soak-growth',
      `Heap growth over the event soak${soakedAt ? ` at ${soakedAt.n}` : ''}`,
      '< 10 %',
      soakedAt?.soak ? soakedAt.soak.growthPct : undefined,
      '%',
      (v) => v < BUDGET.soakGrowthPct,
    ),
  );
  return results;
}

export function budgetsFailed(results: BudgetResult[]): boolean {
  return results.some((r) => r.status === 'missed' || r.status === 'n/a');
}
