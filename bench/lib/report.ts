/** The printed report: one table of figures, the soak, the first screen's files, the budgets. */
import {
  formatSummary,
  formatValue,
  renderTable,
  summarise,
  type Summary,
  type Unit,
} from './stats';
import { cheapestListCall } from './budgets';
import type { HeapSplit } from '../../scripts/lib/heap';
import type { RunResult } from './measure';
import type { BenchReport, BudgetStatus, CountResult, TargetKind, TargetResult } from './types';

type Cell = (count: CountResult, target: TargetResult) => string;

const ratio = (row: Summary | null, call: number | undefined): string =>
  row && call ? `${formatValue(row.median / call, 'x')} x` : 'n/a';

const pair = (a: Summary | null, b: Summary | null, unit: Unit): string =>
  `${formatSummary(a, unit)} / ${formatSummary(b, unit)}`;

const ROWS: [string, Cell][] = [
  ['First screen JS KB (raw / gzip)', (_, t) => pair(t.summary.jsRaw, t.summary.jsGzip, 'KB')],
  ['First screen CSS KB (raw / gzip)', (_, t) => pair(t.summary.cssRaw, t.summary.cssGzip, 'KB')],
  ['First screen JS+CSS gzip KB', (_, t) => formatSummary(t.firstScreenGzip, 'KB')],
  ['Requests before first row', (_, t) => formatSummary(t.summary.requests, 'count')],
  [
    'API requests / KB before first row',
    (_, t) =>
      `${formatSummary(t.summary.apiRequests, 'count')} / ${formatSummary(t.summary.apiBytes, 'KB')}`,
  ],
  ['Names list call ms (recursion=0)', (c) => formatSummary(c.namesCall, 'ms')],
  ['List call ms (recursion=1)', (c) => formatSummary(c.cheapestCall, 'ms')],
  ['First instance row ms', (_, t) => formatSummary(t.summary.firstRowMs, 'ms')],
  [
    'First contentful paint ms (on screen)',
    (_, t) => formatSummary(t.summary.contentfulPaintMs, 'ms'),
  ],
  ['All visible rows with status ms', (_, t) => formatSummary(t.summary.statusesMs, 'ms')],
  [
    'First row / cheapest list call (recursion=1)',
    (c, t) => ratio(t.summary.firstRowMs, cheapestListCall(c)),
  ],
  [
    'First row / names call (recursion=0)',
    (c, t) => ratio(t.summary.firstRowMs, c.namesCall?.median),
  ],
  [
    'List complete ms',
    (_, t) =>
      formatSummary(t.summary.completeMs, 'ms') +
      (t.runs.some((r) => r.loadingLine) ? ' (loading line)' : ''),
  ],
  ['JS heap after load MB', (_, t) => formatSummary(t.summary.heapLoad, 'MB')],
  ['JS heap after GC MB', (_, t) => formatSummary(t.summary.heapGc, 'MB')],
  ['DOM nodes', (_, t) => formatSummary(t.summary.domNodes, 'count')],
  [
    'Lifecycle event applied ms',
    (_, t) => formatSummary(t.summary.eventMs, 'ms', t.eventNote ?? 'n/a'),
  ],
  [
    'Sort ms (median of columns)',
    (_, t) => formatSummary(t.summary.sortMs, 'ms', t.sortNote ?? 'n/a'),
  ],
  [
    'Filter ms per keystroke',
    (_, t) => formatSummary(t.summary.filterMs, 'ms', t.filterNote ?? 'n/a'),
  ],
  ['Open detail ms', (_, t) => formatSummary(t.summary.detailMs, 'ms', t.detailNote ?? 'n/a')],
];

/** The requests before the first row, files fetched together grouped on one line. */
export function renderTimeline(run: RunResult): string[] {
  const lines: [string, string][] = [];
  let group: { start: number; end: number; names: string[] } | null = null;
  const flush = () => {
    if (!group) return;
    const names =
      group.names.length > 3 ? `${group.names.slice(0, 3).join(', ')}, …` : group.names.join(', ');
    lines.push([
      `${group.start.toFixed(0)}–${group.end.toFixed(0)}`,
      `${group.names.length} files: ${names}`,
    ]);
    group = null;
  };
  for (const e of run.timeline) {
    if (e.kind === 'asset') {
      if (group && e.start - group.start < 100) {
        group.end = Math.max(group.end, e.end);
        group.names.push(e.what);
        continue;
      }
      flush();
      group = { start: e.start, end: e.end, names: [e.what] };
      continue;
    }
    flush();
    const span =
      e.kind === 'event' ? e.start.toFixed(0) : `${e.start.toFixed(0)}–${e.end.toFixed(0)}`;
    lines.push([span, e.what]);
  }
  flush();
  lines.push([run.firstRowMs === null ? '?' : run.firstRowMs.toFixed(0), 'first instance row']);
  return lines.map(([span, what]) => `${span.padStart(12)} ms  ${what}`);
}

/** The run whose first-row time is the median (the earlier of the two middle ones). */
/** "compiled code 2.38 → 2.79 MB, data 1.96 → 1.98 MB (1.2 %)" from the soak's snapshots. */
function splitText(
  before: HeapSplit | null,
  after: HeapSplit | null,
  dataGrowthPct: number | null,
): string {
  if (!before || !after) return 'compiled code and data not measured';
  const mb = (bytes: number) => formatValue(bytes, 'MB');
  return (
    `compiled code ${mb(before.code)} → ${mb(after.code)} MB, data ${mb(before.data)} → ` +
    `${mb(after.data)} MB (${dataGrowthPct === null ? '?' : formatValue(dataGrowthPct, '%')} %)`
  );
}

function medianRun(runs: RunResult[]): RunResult | undefined {
  const sorted = runs
    .filter((r) => r.firstRowMs !== null)
    .sort((a, b) => (a.firstRowMs ?? 0) - (b.firstRowMs ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const STATUS_LABEL: Record<BudgetStatus, string> = {
  met: 'ok  ',
  missed: 'MISS',
  'n/a': 'n/a ',
  skipped: 'skip',
};

const TARGET_LABEL: Record<TargetKind, string> = { console: 'console', 'lxd-ui': 'LXD /ui' };

export function renderReport(report: BenchReport): string {
  const out: string[] = [];
  const columns: { count: CountResult; target: TargetResult; kind: TargetKind }[] = [];
  for (const count of report.counts) {
    for (const kind of ['console', 'lxd-ui'] as const) {
      const target = count.targets[kind];
      if (target) columns.push({ count, target, kind });
    }
  }
  const header = [
    `median (min–max) of ${report.options.runs} runs`,
    ...columns.map((c) => `N=${c.count.n} ${TARGET_LABEL[c.kind]}`),
  ];
  const rows = ROWS.map(([label, cell]) => [label, ...columns.map((c) => cell(c.count, c.target))]);
  const m = report.machine;
  out.push(
    `${m.cpus} CPUs, load average ${m.loadStart.toFixed(1)} at the start and ` +
      `${m.loadEnd.toFixed(1)} at the end (timings under load are inflated); ` +
      `LXD ${m.lxd}, Chromium ${m.chromium}, Node ${m.node}`,
  );
  out.push(renderTable([header, ...rows]));

  for (const count of report.counts) {
    if (count.recursion2Ms !== null) {
      out.push(
        `N=${count.n}: GET /1.0/instances recursion=0 ${formatValue(count.namesBytes, 'KB')} KB, ` +
          `recursion=1 ${formatValue(count.cheapestBytes, 'KB')} KB; ` +
          `recursion=2 ${formatValue(count.recursion2Ms, 'ms')} ms, ` +
          `${formatValue(count.recursion2Bytes ?? 0, 'KB')} KB`,
      );
    }
    for (const [kind, target] of Object.entries(count.targets)) {
      for (const error of target.errors) out.push(`N=${count.n} ${kind}: failed run: ${error}`);
    }
    const runs = count.targets.console?.runs ?? [];
    const columns = [...new Set(runs.flatMap((r) => Object.keys(r.sortByColumn)))];
    if (columns.length) {
      const per = columns.map((c) => {
        const values = runs.map((r) => r.sortByColumn[c]);
        return `${c} ${formatSummary(summarise(values), 'ms')}`;
      });
      out.push(`N=${count.n}: sort by column (ms): ${per.join(', ')}`);
    }
    const samples = runs.flatMap((r) => r.eventSamples);
    if (samples.length) {
      const shown = samples.map((v) => (v === null ? 'lost' : formatValue(v, 'ms')));
      out.push(`N=${count.n}: lifecycle event → row (ms, every sample): ${shown.join(', ')}`);
    }
    const s = count.soak;
    if (!s) continue;
    const actions = Object.entries(s.actions)
      .map(([a, k]) => `${a} ${k}`)
      .join(', ');
    out.push(
      `Soak N=${count.n}: ${s.events} lifecycle events in ${s.seconds.toFixed(1)} s (${actions}); ` +
        `heap after GC ${s.heapBefore === null ? '?' : formatValue(s.heapBefore, 'MB')} → ` +
        `${s.heapAfter === null ? '?' : formatValue(s.heapAfter, 'MB')} MB ` +
        `(${s.growthPct === null ? '?' : formatValue(s.growthPct, '%')} %), of which ` +
        `${splitText(s.splitBefore, s.splitAfter, s.dataGrowthPct)}; DOM ${s.domBefore} → ` +
        `${s.domAfter}; the page requested the list ${s.listRequests} times and ` +
        `/1.0/instances/<name>… ${s.instanceRequests} times` +
        (s.errors.length ? `; errors: ${s.errors.join('; ')}` : ''),
    );
  }

  for (const count of report.counts) {
    const run = medianRun(count.targets.console?.runs ?? []);
    if (!run) continue;
    out.push('', `Before the first row, N=${count.n}, console, median run (ms from navigation):`);
    out.push(...renderTimeline(run));
  }

  const consoleRuns = report.counts.at(-1)?.targets.console?.runs ?? [];
  const last = consoleRuns.at(-1);
  if (last) {
    out.push('', `First-screen files: ${[...last.jsFiles, ...last.cssFiles].join(', ')}`);
    const combined = report.firstScreenCombinedGzip;
    if (combined) {
      out.push(
        `As one JS and one CSS file they would be ${formatValue(combined.js, 'KB')} + ` +
          `${formatValue(combined.css, 'KB')} KB gzip (now ${formatValue(last.jsGzip, 'KB')} + ` +
          `${formatValue(last.cssGzip, 'KB')} KB in ${last.jsFiles.length + last.cssFiles.length} files).`,
      );
    }
    if (last.laterJs.length)
      out.push(`JavaScript loaded after the first row: ${last.laterJs.join(', ')}`);
    const total = report.firstScreenSources.reduce((sum, s) => sum + s.raw, 0);
    const top = report.firstScreenSources
      .slice(0, 15)
      .map((s) => [
        `  ${s.source}`,
        `${formatValue(s.raw, 'KB')} KB`,
        `${((s.raw / Math.max(total, 1)) * 100).toFixed(1)} %`,
        `~${formatValue(s.gzip, 'KB')} KB gzip`,
      ]);
    out.push('First-screen JavaScript by source (raw bytes from the source maps; gzip estimated):');
    out.push(renderTable(top));
  }

  out.push('', 'Budgets (console server, medians):');
  out.push(
    renderTable(
      report.budgets.map((b) => [`  ${STATUS_LABEL[b.status]} ${b.label}`, b.limit, b.value]),
    ),
  );
  return out.join('\n');
}
