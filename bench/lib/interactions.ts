/**
 * The interactions a measured visit times on the open list: a filter keystroke, lifecycle events
 * applied to a row, sorting by each column, opening an instance's page.
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { UnixApi } from './lxd-api';
import { SEARCH_NAME, probeState, waitForExpr } from './page';
import { probeExpr } from './probe';
import { median } from './stats';

export async function measureFilter(page: Page, fragment: string) {
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
export async function measureEvents(
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
export async function measureSort(page: Page) {
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

export async function measureDetail(page: Page, name: string) {
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
