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
import { probeExpr, probeSource, type ProbeState } from './probe';
import type { UnixApi } from './lxd-api';
import { median } from './stats';

export const VIEWPORT = { width: 1400, height: 900 };
export const NAME_PATTERN = '^inst-\\d+';
export const SEARCH_NAME = 'Search and filter instances';

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

/**
 * Waits until the page expression `expr` is true, asking every `interval` ms (rejects after
 * `timeout` ms). Not page.waitForFunction: with a string it compiles the expression in the page,
 * which the console's Content-Security-Policy (no 'unsafe-eval') refuses. The times measured
 * come from the probe's own frames, so how often this asks does not change them.
 */
export async function waitForExpr(
  page: Page,
  expr: string,
  { timeout, interval = 50 }: { timeout: number; interval?: number },
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate<boolean>(expr)) return;
    if (Date.now() >= deadline)
      throw new Error(`timed out after ${timeout} ms waiting for ${expr}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

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

async function probeState(page: Page): Promise<ProbeState> {
  return page.evaluate<ProbeState>(probeExpr.state);
}

/** Opens a fresh context on the list and waits for every visible row's status. */
export async function openList(
  browser: Browser,
  target: Target,
  project: string,
): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...target.context });
  const { url, replacePath } = target.entry(project);
  await context.addInitScript({
    content: probeSource({ namePattern: NAME_PATTERN, ...(replacePath ? { replacePath } : {}) }),
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

async function measureFilter(page: Page, fragment: string) {
  const box = page.getByRole('searchbox', { name: SEARCH_NAME });
  if ((await box.count()) === 0) return { ms: null, keys: [], note: 'n/a (no search box)' };
  await box.first().focus();
  const keys: number[] = [];
  for (let i = 1; i <= fragment.length; i += 1) {
    await page.evaluate(probeExpr.armFilter(fragment.slice(0, i)));
    await page.keyboard.press(fragment.charAt(i - 1));
    try {
      await waitForExpr(page, probeExpr.filterMatched, { timeout: 10_000 });
    } catch {
      const shot = path.join(os.tmpdir(), `bench-filter-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      const typed = fragment.slice(0, i);
      return { ms: null, keys, note: `n/a (rows not narrowed to '${typed}' in 10 s, see ${shot})` };
    }
    const { filter } = await probeState(page);
    if (filter?.keyAt == null || filter.matchAt == null) throw new Error('filter probe lost');
    keys.push(filter.matchAt - filter.keyAt);
  }
  return { ms: median(keys), keys, note: null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A description without digits (they could match the filter's fragment), new every time. */
export function eventText(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = '';
  for (let i = 0; i < 8; i += 1) word += letters.charAt(Math.floor(Math.random() * 26));
  return `bench event ${word}`;
}

/**
 * Changes the description of the visible instance `name` through the API, `count` times, and
 * times the arrival of each instance-updated event on the page's socket → the row showing it.
 */
async function measureEvents(
  page: Page,
  api: UnixApi,
  project: string,
  name: string,
  count: number,
) {
  const header = page
    .getByRole('table', { name: 'Instances' })
    .getByRole('columnheader', { name: 'Description' });
  if ((await header.count()) === 0) {
    return { ms: null, samples: [], note: 'n/a (no Description column)' };
  }
  const samples: (number | null)[] = [];
  const notes: string[] = [];
  const path = `/1.0/instances/${encodeURIComponent(name)}?project=${encodeURIComponent(project)}`;
  for (let i = 0; i < count; i += 1) {
    const text = eventText();
    await page.evaluate(probeExpr.armEvent(name, text));
    await api.run('PATCH', path, { description: text });
    try {
      await waitForExpr(page, probeExpr.eventApplied, { timeout: 20_000 });
    } catch {
      samples.push(null);
      const why = await page.evaluate<string>(probeExpr.eventDiagnosis).catch(String);
      notes.push(`row not updated in 20 s: ${why}`);
      continue;
    }
    const { event } = await probeState(page);
    if (event?.arrivedAt == null || event.appliedAt == null) {
      samples.push(null);
      notes.push('no matching event on the page socket');
      continue;
    }
    // Shown before the event came (an earlier refetch had it): no later than the event.
    samples.push(Math.max(0, event.appliedAt - event.arrivedAt));
    await sleep(500);
  }
  const ms = eventMedian(samples);
  return { ms, samples, note: ms === null ? `n/a (${notes[0] ?? 'no sample'})` : null };
}

/** Median of the samples, or null when any is missing (a lost update is not a fast one). */
export function eventMedian(samples: readonly (number | null)[]): number | null {
  if (samples.length === 0 || samples.some((v) => v === null)) return null;
  return median(samples as number[]);
}

/** Median over the columns; null when a column's click changed nothing. */
export function sortMedian(byColumn: Record<string, number | null>): number | null {
  const values = Object.values(byColumn);
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return median(values as number[]);
}

/**
 * Clicks every sortable column header of the table (twice for the sorted one) and times click →
 * the first frame with the visible order changed; when the order stays (equal values), the
 * frame with aria-sort changed. Leaves the list sorted by name, ascending.
 */
async function measureSort(page: Page) {
  const table = page.getByRole('table', { name: 'Instances' });
  const headers = await page.evaluate<string[]>(probeExpr.sortHeaders);
  if (headers.length === 0) return { ms: null, byColumn: {}, note: 'n/a (no sortable column)' };
  const byColumn: Record<string, number | null> = {};
  const clickHeader = async (header: string): Promise<number | null> => {
    await page.evaluate(probeExpr.armSort(header));
    await table
      .getByRole('columnheader', { name: header, exact: true })
      .getByRole('button')
      .first()
      .click({ timeout: 5000 })
      .catch(() => undefined);
    try {
      await waitForExpr(page, probeExpr.sortAria, { timeout: 10_000 });
    } catch {
      return null;
    }
    // The order may change a moment after aria-sort (or not at all when the values are equal).
    await waitForExpr(page, probeExpr.sortRows, { timeout: 3000 }).catch(() => undefined);
    const { sort } = await probeState(page);
    if (sort?.clickAt == null || sort.ariaAt == null) return null;
    return (sort.rowsAt ?? sort.ariaAt) - sort.clickAt;
  };
  for (const header of headers) byColumn[header] = await clickHeader(header);
  // Back to the default order for what follows.
  const name = headers.find((h) => h === 'Name');
  if (name) {
    for (let i = 0; i < 2; i += 1) {
      const aria = await table
        .getByRole('columnheader', { name, exact: true })
        .getAttribute('aria-sort');
      if (aria === 'ascending') break;
      await clickHeader(name);
    }
  }
  const ms = sortMedian(byColumn);
  const stuck = Object.entries(byColumn)
    .filter(([, v]) => v === null)
    .map(([k]) => k);
  return {
    ms,
    byColumn,
    note: ms === null ? `n/a (no change after clicking ${stuck.join(', ')})` : null,
  };
}

async function measureDetail(page: Page, name: string) {
  const table = page.getByRole('table', { name: 'Instances' });
  let link = table
    .getByRole('row', { name: new RegExp(`^${name}(?!\\d)`) })
    .getByRole('link', { name, exact: true });
  if ((await link.count()) === 0) link = table.getByRole('link', { name, exact: true });
  if ((await link.count()) === 0) return { ms: null, note: 'n/a (no link to the instance)' };
  await page.evaluate(probeExpr.armDetail(name));
  await link.first().click();
  try {
    await waitForExpr(page, probeExpr.detailShown, { timeout: 10_000 });
  } catch {
    const missing = await page.getByText('cannot find the page').count();
    if (missing) return { ms: null, note: 'n/a (no detail page)' };
    const { detail } = await probeState(page);
    const where = new URL(page.url()).pathname;
    const shot = path.join(os.tmpdir(), `bench-detail-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    const clicked = detail?.clickAt == null ? 'no click seen' : 'clicked';
    return { ms: null, note: `n/a (no heading in 10 s; ${clicked}, at ${where}, see ${shot})` };
  }
  const { detail } = await probeState(page);
  if (detail?.clickAt == null || detail.headingAt == null) throw new Error('detail probe lost');
  return { ms: detail.headingAt - detail.clickAt, note: null };
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
