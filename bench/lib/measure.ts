/**
 * One measured visit of /ui/project/<p>/instances in a fresh browser context: first-screen
 * bytes, first row and statuses, the list complete, heap and DOM size, a lifecycle event
 * applied to the open list, sort by each column, filter latency, open-detail time.
 */
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, CDPSession, Page } from '@playwright/test';
import { assetKind, type BuildFiles } from './bundle';
import { firstScreen, timeline, type Resource, type TimelineEntry } from './resources';
import { probeExpr, probeSource } from './probe';
import type { ProbeOptions } from './probe-types';
import type { UnixApi } from './lxd-api';
import { measureDetail, measureEvents, measureFilter, measureSort } from './interactions';
import { probeState, waitForExpr } from './page';

export const VIEWPORT = { width: 1400, height: 900 };
export const NAME_PATTERN = '^inst-\\d+';

export interface Target {
  /** 'console' (the console server) or 'lxd-ui' (LXD's own /ui). */
  kind: 'console' | 'lxd-ui';
  context: BrowserContextOptions;
  /** The URL to open and, for LXD 5.0.2, the path to switch to before the app starts. */
  entry: (project: string) => { url: string; replacePath?: string };
}

export interface RunResult {
  firstRowMs: number | null;
  /**
   * Chrome's first contentful paint: when the first pixels of text reached the screen. The first
   * row above is the frame that laid it out; without a GPU, rasterising that frame takes longer.
   */
  contentfulPaintMs: number | null;
  statusesMs: number | null;
  visibleRows: number;
  /** Before the first row: requests (document included), bytes by kind. */
  requests: number;
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  otherRaw: number;
  apiRequests: number;
  apiBytes: number;
  jsFiles: string[];
  cssFiles: string[];
  /** JavaScript requested after the first row, until the page settled. */
  laterJs: string[];
  /** What happened before the first row: the document, each request, DOMContentLoaded. */
  timeline: TimelineEntry[];
  /** Navigation start → the list complete (full answer in, no loading line); null: never. */
  completeMs: number | null;
  /** The page showed a polite "loading" status line before it was complete. */
  loadingLine: boolean;
  heapLoad: number | null;
  heapGc: number | null;
  domNodes: number | null;
  /** Lifecycle event arrival on the page's socket → the row showing the change; median. */
  eventMs: number | null;
  eventSamples: (number | null)[];
  eventNote: string | null;
  /** Click on a column header → the visible order (or aria-sort) changed; median of columns. */
  sortMs: number | null;
  sortByColumn: Record<string, number | null>;
  sortNote: string | null;
  filterMs: number | null;
  filterKeys: number[];
  filterNote: string | null;
  detailMs: number | null;
  detailNote: string | null;
  probeErrors: string[];
}

export interface RunOptions {
  project: string;
  /** Typed one key at a time into the search box; it narrows the list at every key. */
  fragment: string;
  /** The one instance the whole fragment matches, then opened. */
  filterTarget: string;
  /** Measure filter, sort, events and detail too (the console's own behaviour). */
  interactions: boolean;
  /** Makes the lifecycle events (description changes) for the event measurement. */
  api?: UnixApi;
  /** Lifecycle events per run (default 3). */
  events?: number;
}

/** How long to wait for the list to be complete (the full answer at 10,000 is ~18 MB). */
export const COMPLETE_TIMEOUT_MS = 180_000;

async function metric(cdp: CDPSession, name: string): Promise<number | null> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === name)?.value ?? null;
}

/** JS heap used now, and after forced garbage collections. */
export async function heapNowAndAfterGc(
  cdp: CDPSession,
): Promise<{ now: number | null; gc: number | null }> {
  const now = await metric(cdp, 'JSHeapUsedSize');
  for (let i = 0; i < 3; i += 1) await cdp.send('HeapProfiler.collectGarbage');
  return { now, gc: await metric(cdp, 'JSHeapUsedSize') };
}

/** Waits until no request is in flight for 500 ms (at most 5 s), then a little more. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Opens a fresh context on the list and waits for every visible row's status. */
export async function openList(
  browser: Browser,
  target: Target,
  project: string,
  probe: Pick<ProbeOptions, 'tableName'> = {},
): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...target.context });
  const { url, replacePath } = target.entry(project);
  await context.addInitScript({
    content: probeSource({
      namePattern: NAME_PATTERN,
      ...probe,
      ...(replacePath ? { replacePath } : {}),
    }),
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => {
    if (pageErrors.length < 3) pageErrors.push(error.message.split('\n')[0] ?? '');
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && pageErrors.length < 3) {
      pageErrors.push(message.text().split('\n')[0] ?? '');
    }
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await waitForExpr(page, probeExpr.loaded, { timeout: 30_000 });
  } catch (error) {
    const shot = path.join(os.tmpdir(), `bench-list-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    const where = new URL(page.url()).pathname;
    await context.close();
    const why = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    const errors = pageErrors.length ? `; page errors: ${pageErrors.join(' | ')}` : '';
    throw new Error(`no rows with a status at ${where} (${why})${errors}; screenshot ${shot}`);
  }
  return { page, cdp, close: () => context.close() };
}

export async function measureRun(
  browser: Browser,
  target: Target,
  files: BuildFiles,
  options: RunOptions,
): Promise<RunResult> {
  const { page, cdp, close } = await openList(browser, target, options.project);
  let changed: string | null = null;
  try {
    const loaded = await probeState(page);
    // Details, sorting and filtering by any column need the whole list.
    await waitForExpr(page, probeExpr.complete, { timeout: COMPLETE_TIMEOUT_MS }).catch(
      () => undefined,
    );
    const complete = await probeState(page);
    await settle(page);
    const heap = await heapNowAndAfterGc(cdp);
    const domNodes = await page.evaluate<number>(probeExpr.domNodes);
    const contentfulPaintMs = await page.evaluate<number | null>(probeExpr.contentfulPaint);
    const resources = await page.evaluate<Resource[]>(probeExpr.resources);
    const nav = await page.evaluate<{ responseEnd: number; domContentLoaded: number }>(
      probeExpr.navigation,
    );
    const cutoff = loaded.firstRowAt ?? Number.POSITIVE_INFINITY;
    const screen = firstScreen(resources, cutoff, files);
    const laterJs = resources
      .filter((r) => r.start > cutoff)
      .map((r) => files.fileFor(r.url))
      .filter((rel): rel is string => rel !== undefined && assetKind(rel) === 'js');

    let filter: { ms: number | null; keys: number[]; note: string | null } = {
      ms: null,
      keys: [],
      note: 'not measured',
    };
    let detail: { ms: number | null; note: string | null } = { ms: null, note: 'not measured' };
    let events: { ms: number | null; samples: (number | null)[]; note: string | null } = {
      ms: null,
      samples: [],
      note: 'not measured',
    };
    let sort: { ms: number | null; byColumn: Record<string, number | null>; note: string | null } =
      { ms: null, byColumn: {}, note: 'not measured' };
    const incomplete = complete.completeAt === null ? 'n/a (list never complete)' : null;
    if (options.interactions && incomplete) {
      events = { ms: null, samples: [], note: incomplete };
      sort = { ms: null, byColumn: {}, note: incomplete };
      filter = { ms: null, keys: [], note: incomplete };
      detail = { ms: null, note: incomplete };
    } else if (options.interactions) {
      if (options.api && loaded.firstRowName) {
        changed = loaded.firstRowName;
        events = await measureEvents(
          page,
          options.api,
          options.project,
          loaded.firstRowName,
          options.events ?? 3,
        );
      } else {
        events = { ms: null, samples: [], note: 'n/a (no row or no API)' };
      }
      sort = await measureSort(page);
      filter = await measureFilter(page, options.fragment);
      // A user reads the result before clicking (and the list writes the search to the URL a
      // moment after typing: a click before that can be lost).
      await page.waitForTimeout(1000);
      const name = filter.ms !== null ? options.filterTarget : loaded.firstRowName;
      detail = name ? await measureDetail(page, name) : { ms: null, note: 'n/a (no row)' };
    }
    const end = await probeState(page);
    return {
      firstRowMs: loaded.firstRowAt,
      contentfulPaintMs,
      statusesMs: loaded.statusesAt,
      visibleRows: loaded.visibleRows,
      ...screen,
      laterJs,
      timeline: timeline(resources, cutoff, nav),
      completeMs: complete.completeAt,
      loadingLine: complete.loadingSeen,
      heapLoad: heap.now,
      heapGc: heap.gc,
      domNodes,
      eventMs: events.ms,
      eventSamples: events.samples,
      eventNote: events.note,
      sortMs: sort.ms,
      sortByColumn: sort.byColumn,
      sortNote: sort.note,
      filterMs: filter.ms,
      filterKeys: filter.keys,
      filterNote: filter.note,
      detailMs: detail.ms,
      detailNote: detail.note,
      probeErrors: end.errors,
    };
  } finally {
    await close();
    if (changed && options.api) {
      const path = `/1.0/instances/${encodeURIComponent(changed)}?project=${encodeURIComponent(options.project)}`;
      await options.api.run('PATCH', path, { description: '' }).catch(() => undefined);
    }
  }
}
