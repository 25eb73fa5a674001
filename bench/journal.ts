/**
 * `npm run bench:journal -- [--rows N] [--runs K] [--backend embedded|postgres|both] [--no-build]
 * [--no-browser] [--check]`: the activity journal (issue #33). See bench/README.md, "The journal".
 *
 * 1. Ingest: a fake LXD on a unix socket sends lifecycle events as fast as its websocket takes
 *    them to the console server's own collector (server/journal/collector.ts), which writes them
 *    through the spool into the database; events per second until the last one is in.
 * 2. A journal of N rows (1,000,000 by default: 20 users, every resource type, 10 projects, 30
 *    days), loaded once per back-end and kept (bench state directory); its size on disk.
 * 3. Pages as /console/activity answers them (the real handler): the first page, and a filtered
 *    page (user + resource type + 7 days); medians of K runs.
 * 4. In Chromium: /ui/activity of a console server on that journal (the local LXD `bench`
 *    behind it), navigation start to the first row.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stateDir } from '../scripts/lib/lxd';
import { startBenchLxd, stopBenchLxd } from './lib/daemon';
import { startPostgres, type PostgresServer } from '../scripts/lib/postgres';
import { createConsoleServer, type ConsoleServer } from '../server/app';
import { openJournalDb, type JournalDb, type JournalStoreTarget } from '../server/journal/db';
import { createActivityHandler } from '../server/journal/http';
import { openJournal } from '../server/journal/journal';
import { buildConsole } from './lib/build';
import { ensureInstances, instanceName, projectName } from './lib/fixtures';
import { fillUsage, timeUsageChart, timeUsageQuery } from './lib/journal-usage';
import { UnixApi } from './lib/lxd-api';
import { ingest, INGEST_EVENTS } from './lib/journal-ingest';
import { load, sizeOf } from './lib/journal-rows';
import { median } from './lib/stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stderr.write(`bench:journal: ${line}\n`);

/** Issue #33's budgets. */
export const JOURNAL_BUDGET = {
  ingestPerSecond: 1000,
  filteredPageMs: 200,
  firstRowMs: 1000,
  usageChartMs: 300,
};
/** The usage history's instances: 10 real ones of the bench LXD and 90 more in its samples. */
const USAGE_PROJECT = projectName(10);
const USAGE_INSTANCES = Array.from({ length: 100 }, (_, i) => instanceName(i + 1));
const CHART_INSTANCE = instanceName(1);
export const DEFAULT_ROWS = 1_000_000;
const DAY_MS = 86_400_000;

export interface JournalArgs {
  rows: number;
  runs: number;
  backends: Array<'embedded' | 'postgres'>;
  build: boolean;
  browser: boolean;
  check: boolean;
}

export function parseJournalArgs(argv: readonly string[]): JournalArgs {
  const args: JournalArgs = {
    rows: DEFAULT_ROWS,
    runs: 5,
    backends: ['embedded', 'postgres'],
    build: true,
    browser: true,
    check: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const number = (max: number) => {
      const value = Number(argv[(i += 1)]);
      if (!Number.isInteger(value) || value < 1 || value > max)
        throw new Error(`${String(arg)} takes a whole number from 1 to ${String(max)}`);
      return value;
    };
    if (arg === '--rows') args.rows = number(20_000_000);
    else if (arg === '--runs') args.runs = number(50);
    else if (arg === '--no-build') args.build = false;
    else if (arg === '--no-browser') args.browser = false;
    else if (arg === '--check') args.check = true;
    else if (arg === '--backend') {
      const value = argv[(i += 1)];
      if (value === 'both') args.backends = ['embedded', 'postgres'];
      else if (value === 'embedded' || value === 'postgres') args.backends = [value];
      else throw new Error('--backend takes embedded, postgres or both');
    } else {
      throw new Error(
        `unknown argument ${String(arg)} (use --rows N, --runs K, --backend B, --no-build, --no-browser, --check)`,
      );
    }
  }
  return args;
}

/** The real /console/activity handler asked in-process: milliseconds per answer. */
async function timePage(db: JournalDb, url: string, runs: number): Promise<number> {
  const journal = openJournal({
    store: { kind: 'embedded', dir: os.tmpdir() },
    stateDir: path.join(os.tmpdir(), 'bench-journal-http'),
    openDb: () => Promise.resolve({ ...db, close: () => Promise.resolve() }),
  });
  const handler = createActivityHandler({ journal, proxies: new Map(), perUser: false });
  const times: number[] = [];
  for (let i = 0; i <= runs; i += 1) {
    let body = '';
    const res = {
      headersSent: false,
      setHeader: () => undefined,
      writeHead() {
        return this;
      },
      write: () => true,
      end(chunk?: string) {
        body = chunk ?? '';
      },
      destroy: () => undefined,
    };
    const started = performance.now();
    await handler({ method: 'GET', url } as never, res as never, false);
    const elapsed = performance.now() - started;
    if ((JSON.parse(body) as { entries: unknown[] }).entries.length === 0)
      throw new Error(`${url} answered no entries`);
    if (i > 0) times.push(elapsed);
  }
  await journal.close();
  return median(times);
}

/** Navigation start → the first row of /ui/activity, in Chromium. */
async function firstRow(browser: Browser, origin: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/ui/activity`);
    const handle = await page.waitForFunction(
      () => {
        const table = document.querySelector('table[aria-label="Activity"]');
        return table?.querySelector('tbody tr td') ? performance.now() : null;
      },
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

interface BackendResult {
  backend: string;
  ingestPerSecond: number;
  loadSeconds: number;
  rows: number;
  bytes: number;
  bytesPerMillionRows: number;
  firstPageMs: number;
  filteredPageMs: number;
  firstRowMs: number | null;
  usageRows: number;
  usageQueryMs: number;
  usageChartMs: number | null;
}

async function benchBackend(
  backend: 'embedded' | 'postgres',
  args: JournalArgs,
  browser: Browser | undefined,
  lxd: { url: string; cert: string; key: string; uiDir: string } | undefined,
): Promise<BackendResult> {
  const dir = path.join(stateDir('bench'), 'journal', backend);
  mkdirSync(dir, { recursive: true });
  let postgres: PostgresServer | undefined;
  let server: ConsoleServer | undefined;
  try {
    let target: JournalStoreTarget;
    if (backend === 'postgres') {
      postgres = await startPostgres('bench');
      target = { kind: 'postgres', url: postgres.url };
    } else target = { kind: 'embedded', dir: path.join(dir, 'db') };

    log(`${backend}: ingest of ${String(INGEST_EVENTS)} events through the collector`);
    const ingestPerSecond = await ingest(target, path.join(dir, 'ingest'));
    log(`${backend}: ${ingestPerSecond.toFixed(0)} events/s`);

    const db = await openJournalDb(target);
    log(`${backend}: a journal of ${String(args.rows)} rows`);
    const loadSeconds = await load(db, args.rows, log);
    const bytes = await sizeOf(db);
    const since = new Date(Date.now() - 7 * DAY_MS).toISOString();
    const firstPageMs = await timePage(db, '/console/activity', args.runs);
    const filteredPageMs = await timePage(
      db,
      `/console/activity?user=user-3&type=instance&since=${since}`,
      args.runs,
    );
    log(`${backend}: usage history of ${String(USAGE_INSTANCES.length)} instances`);
    const usageRows = await fillUsage(db, 'local', USAGE_PROJECT, USAGE_INSTANCES, Date.now());
    const usage = await timeUsageQuery(db, 'local', USAGE_PROJECT, CHART_INSTANCE, args.runs);
    log(
      `${backend}: ${String(usageRows)} samples; a 30-day query ${usage.ms.toFixed(1)} ms (${String(usage.points)} points)`,
    );
    await db.close();
    log(
      `${backend}: first page ${firstPageMs.toFixed(1)} ms, filtered ${filteredPageMs.toFixed(1)} ms`,
    );

    let firstRowMs: number | null = null;
    let usageChartMs: number | null = null;
    if (browser && lxd) {
      server = createConsoleServer({
        uiDir: lxd.uiDir,
        host: '127.0.0.1',
        port: 0,
        lxd: { kind: 'url', url: lxd.url, cert: lxd.cert, key: lxd.key },
        journal: { store: target, stateDir: path.join(dir, 'console') },
      });
      const origin = new URL((await server.listen()).url).origin;
      const runs: number[] = [];
      for (let i = 0; i <= args.runs; i += 1) {
        const at = await firstRow(browser, origin);
        log(
          `${backend}: ${i === 0 ? 'warm-up' : `run ${String(i)}`}: first row ${at.toFixed(0)} ms`,
        );
        if (i > 0) runs.push(at);
      }
      firstRowMs = median(runs);
      const charts: number[] = [];
      for (let i = 0; i <= args.runs; i += 1) {
        const at = await timeUsageChart(browser, origin, USAGE_PROJECT, CHART_INSTANCE);
        log(
          `${backend}: ${i === 0 ? 'warm-up' : `run ${String(i)}`}: 30-day chart ${at.toFixed(0)} ms`,
        );
        if (i > 0) charts.push(at);
      }
      usageChartMs = median(charts);
    }
    return {
      backend,
      ingestPerSecond,
      loadSeconds,
      rows: args.rows,
      bytes,
      bytesPerMillionRows: (bytes / args.rows) * 1_000_000,
      firstPageMs,
      filteredPageMs,
      firstRowMs,
      usageRows,
      usageQueryMs: usage.ms,
      usageChartMs,
    };
  } finally {
    await server?.close().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
  }
}

async function main(args: JournalArgs): Promise<number> {
  let browser: Browser | undefined;
  let lxd: { url: string; cert: string; key: string; uiDir: string } | undefined;
  try {
    if (args.browser) {
      const uiDir = path.join(stateDir('bench'), 'ui');
      if (args.build) buildConsole(root, uiDir, log);
      log('starting the local LXD "bench" (state is kept between runs)');
      const env = await startBenchLxd(uiDir, { withBrowser: true });
      lxd = { url: env.url, cert: env.adminCert, key: env.adminKey, uiDir };
      const api = new UnixApi(env.socket);
      try {
        await ensureInstances(api, USAGE_PROJECT, USAGE_INSTANCES.slice(0, 10), log);
      } finally {
        api.close();
      }
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    }
    const results: BackendResult[] = [];
    for (const backend of args.backends)
      results.push(await benchBackend(backend, args, browser, lxd));
    const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} ms`);
    const lines: Array<{ ok: boolean; line: string }> = [];
    for (const r of results) {
      const check = (ok: boolean, text: string) =>
        lines.push({ ok, line: `${ok ? 'ok  ' : 'MISS'} ${r.backend}: ${text}` });
      check(
        r.ingestPerSecond >= JOURNAL_BUDGET.ingestPerSecond,
        `ingest ${r.ingestPerSecond.toFixed(0)} events/s (budget ≥ ${String(JOURNAL_BUDGET.ingestPerSecond)})`,
      );
      check(
        r.filteredPageMs <= JOURNAL_BUDGET.filteredPageMs,
        `filtered page (user + type + 7 days) of ${String(r.rows)} rows ${r.filteredPageMs.toFixed(1)} ms (budget ≤ ${String(JOURNAL_BUDGET.filteredPageMs)} ms); first page ${r.firstPageMs.toFixed(1)} ms`,
      );
      if (r.firstRowMs !== null)
        check(
          r.firstRowMs <= JOURNAL_BUDGET.firstRowMs,
          `Activity page first row ${ms(r.firstRowMs)} (budget ≤ ${ms(JOURNAL_BUDGET.firstRowMs)})`,
        );
      const chart = r.usageChartMs ?? r.usageQueryMs;
      check(
        chart <= JOURNAL_BUDGET.usageChartMs,
        `30-day chart of one instance ${r.usageChartMs === null ? `(query) ${r.usageQueryMs.toFixed(1)}` : `${r.usageChartMs.toFixed(0)} ms in Chromium (query ${r.usageQueryMs.toFixed(1)}`} ms) (budget ≤ ${String(JOURNAL_BUDGET.usageChartMs)} ms)`,
      );
      lines.push({
        ok: true,
        line: `     ${r.backend}: ${(r.bytesPerMillionRows / 1e6).toFixed(0)} MB per million rows (${(r.bytes / 1e6).toFixed(0)} MB for ${String(r.rows)})`,
      });
    }
    const date = new Date().toISOString();
    const out = path.join(root, 'bench', 'results');
    mkdirSync(out, { recursive: true });
    const file = path.join(out, `journal-${date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ date, machine: { cpus: os.cpus().length, load: os.loadavg()[0] }, results }, null, 2)}\n`,
    );
    process.stdout.write(
      `\nActivity journal (medians of ${String(args.runs)} runs)\n${lines.map((l) => l.line).join('\n')}\n\nResults: ${path.relative(root, file)}\n`,
    );
    return args.check && lines.some((l) => !l.ok) ? 1 : 0;
  } finally {
    await browser?.close().catch(() => undefined);
    if (lxd) await stopBenchLxd(log);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(parseJournalArgs(process.argv.slice(2))).then(
    (code) => process.exit(code),
    (error: unknown) => {
      log(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
