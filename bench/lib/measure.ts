/**
 * One measured visit of /ui/project/<p>/instances in a fresh browser context: first-screen
 * bytes, first row and statuses, heap and DOM size, filter latency, open-detail time.
 */
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, CDPSession, Page } from '@playwright/test';
import { assetKind, type BuildFiles } from './bundle';
import { firstScreen, timeline, type Resource, type TimelineEntry } from './resources';
import { probeExpr, probeSource, type ProbeState } from './probe';
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
  heapLoad: number | null;
  heapGc: number | null;
  domNodes: number | null;
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
  /** Measure filter and detail too (the console's own behaviour; same code on both servers). */
  interactions: boolean;
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
    await page.waitForFunction(probeExpr.loaded, undefined, { timeout: 30_000, polling: 100 });
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
    await page.waitForFunction(probeExpr.filterMatched, undefined, {
      timeout: 10_000,
      polling: 'raf',
    });
    const { filter } = await probeState(page);
    if (filter?.keyAt == null || filter.matchAt == null) throw new Error('filter probe lost');
    keys.push(filter.matchAt - filter.keyAt);
  }
  return { ms: median(keys), keys, note: null };
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
    await page.waitForFunction(probeExpr.detailShown, undefined, {
      timeout: 10_000,
      polling: 'raf',
    });
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
  try {
    const loaded = await probeState(page);
    await settle(page);
    const heap = await heapNowAndAfterGc(cdp);
    const domNodes = await page.evaluate<number>(probeExpr.domNodes);
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
    if (options.interactions) {
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
      statusesMs: loaded.statusesAt,
      visibleRows: loaded.visibleRows,
      ...screen,
      laterJs,
      timeline: timeline(resources, cutoff, nav),
      heapLoad: heap.now,
      heapGc: heap.gc,
      domNodes,
      filterMs: filter.ms,
      filterKeys: filter.keys,
      filterNote: filter.note,
      detailMs: detail.ms,
      detailNote: detail.note,
      probeErrors: end.errors,
    };
  } finally {
    await close();
  }
}
