/**
 * The journal bench's usage history: stored samples for a project's instances (a day raw at
 * 15 s, 30 days of 5-minute averages, a year of hourly ones, as the sampler keeps them), and the
 * 30-day chart of one instance: the query alone, and in Chromium from the click on "30 days" to
 * the drawn chart's figures.
 */
import type { Browser } from '@playwright/test';
import type { JournalDb } from '../../server/journal/db';
import { migrate } from '../../server/journal/schema';
import { bucketStart, queryUsage } from '../../server/journal/usage-store';
import { median } from './stats';

const DAY_S = 86_400;

/** Fills usage_samples for `instances` of `project` on `remote` up to `now` (replacing theirs). */
export async function fillUsage(
  db: JournalDb,
  remote: string,
  project: string,
  instances: readonly string[],
  now: number,
): Promise<number> {
  await migrate(db);
  await db.query('DELETE FROM usage_samples WHERE remote = $1 AND project = $2', [remote, project]);
  const nowS = Math.floor(now / 1000);
  const spans: Array<[number, number, number]> = [
    // resolution, seconds between points, how far back
    [0, 15, DAY_S],
    [300, 300, 30 * DAY_S],
    [3600, 3600, 365 * DAY_S],
  ];
  let rows = 0;
  for (const [resolution, step, back] of spans) {
    const end = resolution === 0 ? nowS : bucketStart(now, resolution) / 1000 - resolution;
    for (const instance of instances) {
      const inserted = await db.query<{ n: string | number }>(
        `WITH s AS (
           INSERT INTO usage_samples (resolution, remote, project, instance, member, at,
             cpu_cores, memory_bytes, disk_bytes, rx_bps, tx_bps)
           SELECT $1, $2, $3, $4, '', to_timestamp(t),
             0.2 + 0.1 * sin(t / 3600.0), 6e7 + 1e7 * sin(t / 7200.0), 2e9, 1500, 900
           FROM generate_series($5::bigint, $6::bigint, $7::bigint) AS t
           ON CONFLICT DO NOTHING RETURNING 1)
         SELECT count(*) AS n FROM s`,
        [resolution, remote, project, instance, end - back, end, step],
      );
      rows += Number(inserted[0]?.n ?? 0);
    }
    if (resolution > 0) {
      await db.query(
        `INSERT INTO usage_rollups (remote, resolution, until_at) VALUES ($1, $2, to_timestamp($3))
         ON CONFLICT (remote, resolution) DO UPDATE SET until_at = EXCLUDED.until_at`,
        [remote, resolution, end + resolution],
      );
    }
  }
  await db.exec('ANALYZE usage_samples');
  return rows;
}

/** The 30-day query of one instance, as /console/usage makes it: median milliseconds. */
export async function timeUsageQuery(
  db: JournalDb,
  remote: string,
  project: string,
  instance: string,
  runs: number,
): Promise<{ ms: number; points: number }> {
  const times: number[] = [];
  let points = 0;
  for (let i = 0; i <= runs; i += 1) {
    const started = performance.now();
    const history = await queryUsage(db, { kind: 'instance', remote, project, instance }, '30d');
    if (i > 0) times.push(performance.now() - started);
    points = history.points.length;
  }
  return { ms: median(times), points };
}

/**
 * In Chromium: the instance page, then "30 days" → the chart's figures named and its canvas
 * drawn, timed inside the page (performance.now() from the click, a MutationObserver).
 */
export async function timeUsageChart(
  browser: Browser,
  origin: string,
  project: string,
  instance: string,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/ui/project/${project}/instance/${instance}`);
    const section = page.getByRole('region', { name: 'Usage history' });
    await section
      .getByRole('img', { name: new RegExp(`^Memory of ${instance} over the last hour`) })
      .waitFor({ timeout: 30_000 });
    // Plain JavaScript (a string): tsx's helpers do not exist in the page.
    return await page.evaluate<number>(`new Promise((resolve, reject) => {
      var region = Array.from(document.querySelectorAll('section')).find(function (element) {
        var heading = element.querySelector('h2, h3');
        return heading !== null && heading.textContent === 'Usage history';
      });
      var button = region && Array.from(region.querySelectorAll('button')).find(function (element) {
        return element.textContent === '30 days';
      });
      if (!region || !button) {
        reject(new Error('no Usage history section with a "30 days" button'));
        return;
      }
      var label = ${JSON.stringify(`Memory of ${instance} over the last 30 days: latest`)};
      function drawn() {
        return Array.from(region.querySelectorAll('[role="img"]')).some(function (element) {
          return (element.getAttribute('aria-label') || '').indexOf(label) === 0 &&
            element.querySelector('canvas') !== null;
        });
      }
      var started = performance.now();
      var observer = new MutationObserver(function () {
        if (!drawn()) return;
        observer.disconnect();
        resolve(performance.now() - started);
      });
      observer.observe(region, { subtree: true, childList: true, attributes: true });
      button.click();
    })`);
  } finally {
    await context.close();
  }
}
