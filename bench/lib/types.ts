/** What one benchmark run records (also the shape of bench/results/<date>.json). */
import type { SourceBytes } from './bundle';
import type { RunResult } from './measure';
import type { SoakResult } from './soak';
import type { Summary } from './stats';

export type TargetKind = 'console' | 'lxd-ui';

/** The per-run numbers that are summarised (min / median / max). */
export const RUN_METRICS = [
  'firstRowMs',
  'contentfulPaintMs',
  'statusesMs',
  'completeMs',
  'requests',
  'jsRaw',
  'jsGzip',
  'cssRaw',
  'cssGzip',
  'apiRequests',
  'apiBytes',
  'heapLoad',
  'heapGc',
  'domNodes',
  'eventMs',
  'sortMs',
  'filterMs',
  'detailMs',
] as const satisfies readonly (keyof RunResult)[];

export type RunMetric = (typeof RUN_METRICS)[number];

export interface TargetResult {
  warmup: RunResult | null;
  runs: RunResult[];
  summary: Record<RunMetric, Summary | null>;
  /** First-screen JS+CSS gzip per run, summarised. */
  firstScreenGzip: Summary | null;
  /** Why filter or detail have no figure (e.g. 'n/a (no search box)'), from the last run. */
  filterNote: string | null;
  detailNote: string | null;
  sortNote: string | null;
  eventNote: string | null;
  /** Runs that failed (not counted), with why. */
  errors: string[];
}

export interface CountResult {
  n: number;
  project: string;
  /**
   * The cheapest API call that can produce the list: the names, GET
   * /1.0/instances?project=p&recursion=0, from Node over HTTPS (median of the runs).
   */
  namesCall: Summary | null;
  namesBytes: number;
  /** GET /1.0/instances?project=p&recursion=1 (names with configuration and status). */
  cheapestCall: Summary | null;
  cheapestBytes: number;
  /** One GET ...&recursion=2 (what a list with full state would ask for), for comparison. */
  recursion2Ms: number | null;
  recursion2Bytes: number | null;
  targets: Partial<Record<TargetKind, TargetResult>>;
  soak: SoakResult | null;
}

export interface BenchReport {
  date: string;
  options: { counts: number[]; runs: number; lxdUi: boolean; soak: boolean; soakEvents: number };
  machine: {
    cpus: number;
    node: string;
    chromium: string;
    lxd: string;
    /** 1-minute load average at the start and at the end: timings under load are inflated. */
    loadStart: number;
    loadEnd: number;
  };
  build: { seconds: number | null; uiDir: string };
  counts: CountResult[];
  /** First-screen JavaScript by package / source folder (console, largest N). */
  firstScreenSources: SourceBytes[];
  /** gzip of the first-screen JS and CSS files if each kind were one file. */
  firstScreenCombinedGzip: { js: number; css: number } | null;
  budgets: BudgetResult[];
}

export type BudgetStatus = 'met' | 'missed' | 'n/a' | 'skipped';

export interface BudgetResult {
  id: string;
  label: string;
  limit: string;
  value: string;
  status: BudgetStatus;
}
