/**
 * `npm run bench:bulk -- [N] [--concurrency C] [--no-build] [--check]`: the bulk queue (issue
 * #34). Bulk start of the N stopped instances of project `bench-bulk-N` (bulkN-00001…) through the console (Chromium,
 * the instance list's Start on all of them, the queue at C per server) against the same starts
 * made straight on LXD's API from Node at the same concurrency (PUT state, then the operation's
 * /wait, C at a time). Both times and their ratio; budget: ratio ≤ 1.2 at N = 1,000.
 * See bench/README.md, "The bulk queue".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stateDir } from '../scripts/lib/lxd';
import { startBenchLxd, stopBenchLxd } from './lib/daemon';
import { createConsoleServer, type ConsoleServer } from '../server/app';
import { buildConsole } from './lib/build';
import { ensureInstances, stopAll } from './lib/fixtures';
import { inParallel, UnixApi } from './lib/lxd-api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stderr.write(`bench:bulk: ${line}\n`);

export const BULK_BUDGET = { ratio: 1.2, atInstances: 1000 };

export interface BulkArgs {
  instances: number;
  concurrency: number;
  build: boolean;
  check: boolean;
}

export function parseBulkArgs(argv: readonly string[]): BulkArgs {
  const args: BulkArgs = { instances: 1000, concurrency: 8, build: true, check: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const number = (text: string | undefined, max: number) => {
      const value = Number(text);
      if (!Number.isInteger(value) || value < 1 || value > max)
        throw new Error(`${String(arg)}: a whole number from 1 to ${String(max)}`);
      return value;
    };
    if (arg === '--concurrency') args.concurrency = number(argv[(i += 1)], 32);
    else if (arg === '--no-build') args.build = false;
    else if (arg === '--check') args.check = true;
    else if (arg !== undefined && /^\d+$/.test(arg)) args.instances = number(arg, 10_000);
    else
      throw new Error(
        `unknown argument ${String(arg)} (use N, --concurrency C, --no-build, --check)`,
      );
  }
  return args;
}

const q = (project: string) => `project=${encodeURIComponent(project)}`;

/** The starts straight on the API: C at a time, each PUT state then its operation's /wait. */
async function apiStarts(api: UnixApi, project: string, names: readonly string[], c: number) {
  const started = performance.now();
  await inParallel(names, c, (name) =>
    api.run('PUT', `/1.0/instances/${name}/state?${q(project)}`, {
      action: 'start',
      timeout: -1,
      force: false,
    }),
  );
  return performance.now() - started;
}

/** The same starts through the console: select all, Start, confirm; until the queue is done. */
async function consoleStarts(
  browser: Browser,
  origin: string,
  project: string,
  count: number,
  concurrency: number,
  requests: Map<string, number>,
) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript((limit) => {
    window.localStorage.setItem('lxd-console.bulk-concurrency', String(limit));
  }, concurrency);
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/ui/project/${project}/instances`);
    const all = page.getByRole('checkbox', { name: `Select all ${String(count)} shown instances` });
    await all.waitFor({ timeout: 120_000 });
    // The rows' details in (no row waits for them): every row can be selected.
    await page.waitForFunction(() => !document.querySelector('.instance-list__details-status'), {
      timeout: 120_000,
    });
    await all.check();
    await page
      .getByRole('toolbar', { name: 'Selected instances' })
      .getByRole('button', { name: 'Start', exact: true })
      .click();
    const many = `Start ${String(count)} instances`;
    const confirm = page
      .getByRole('dialog')
      .getByRole('button', { name: count > 1 ? many : 'Start', exact: true });
    await confirm.waitFor();
    // What the page asks of the server during the run, by method and path (names and ids
    // folded): a diagnostic in the log and the results, to see what a run costs LXD.
    page.on('request', (request) => {
      const url = new URL(request.url());
      const where = url.pathname
        .replace(/\/instances\/[^/?]+/, '/instances/{name}')
        .replace(/\/operations\/[^/?]+/, '/operations/{id}');
      const key = `${request.method()} ${where}`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
    });
    const started = performance.now();
    await confirm.click();
    // Polled cheaply, twice a second: a role locator's poll computes the accessible name of
    // every element of the page (measured at 400 instances: ~6 s of the page's main thread and
    // the style recalculations it forces, taken from LXD on 2 CPUs).
    const done = `Bulk actions ${String(count)}/${String(count)}`;
    await page.waitForFunction(
      (text) => document.querySelector('.status-bar__bulk')?.textContent === text,
      done,
      { timeout: 3_600_000, polling: 500 },
    );
    const elapsed = performance.now() - started;
    await page.getByRole('button', { name: done }).waitFor();
    const summary = `${String(count)} ${count === 1 ? 'instance' : 'instances'} started`;
    await page.getByText(summary, { exact: true }).first().waitFor({ timeout: 30_000 });
    return elapsed;
  } finally {
    await context.close();
  }
}

async function main(args: BulkArgs): Promise<number> {
  const uiDir = path.join(stateDir('bench'), 'ui');
  if (args.build) buildConsole(root, uiDir, log);
  log('starting the local LXD "bench" (state is kept between runs)');
  const env = await startBenchLxd(uiDir, { withBrowser: true });
  const api = new UnixApi(env.socket);
  // Names of their own, the count in them: LXD refuses to start an instance whose DNS name
  // another project's instance on the bridge has (the list bench's inst-00001… are in every
  // bench-N, and bench-bulk-40's would clash with bench-bulk-1000's).
  const project = `bench-bulk-${String(args.instances)}`;
  const names = Array.from(
    { length: args.instances },
    (_, i) => `bulk${String(args.instances)}-${String(i + 1).padStart(5, '0')}`,
  );
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  try {
    await ensureInstances(api, project, names, log);
    // LXD starts again what ran when it stopped (an interrupted run): everything stopped first.
    await stopAll(api, project);
    log(
      `${project}: ${String(args.instances)} starts straight on the API, ${String(args.concurrency)} at a time`,
    );
    const apiMs = await apiStarts(api, project, names, args.concurrency);
    log(`API: ${(apiMs / 1000).toFixed(1)} s; stopping them again`);
    await stopAll(api, project);

    server = createConsoleServer({
      uiDir,
      host: '127.0.0.1',
      port: 0,
      lxd: { kind: 'url', url: env.url, cert: env.adminCert, key: env.adminKey },
    });
    const origin = new URL((await server.listen()).url).origin;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    log(
      `${project}: the same starts through the console, the queue at ${String(args.concurrency)}`,
    );
    const requests = new Map<string, number>();
    const consoleMs = await consoleStarts(
      browser,
      origin,
      project,
      args.instances,
      args.concurrency,
      requests,
    );
    const asked = Object.fromEntries([...requests].sort((a, b) => b[1] - a[1]));
    log(`console: ${(consoleMs / 1000).toFixed(1)} s; the page asked: ${JSON.stringify(asked)}`);
    log('stopping them again');
    await stopAll(api, project);

    const ratio = consoleMs / apiMs;
    const ok = ratio <= BULK_BUDGET.ratio;
    const date = new Date().toISOString();
    const out = path.join(root, 'bench', 'results');
    mkdirSync(out, { recursive: true });
    const file = path.join(out, `bulk-${date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
    const result = {
      instances: args.instances,
      concurrency: args.concurrency,
      apiMs,
      consoleMs,
      ratio,
      consoleRequests: asked,
    };
    writeFileSync(
      file,
      `${JSON.stringify({ date, machine: { cpus: os.cpus().length, load: os.loadavg()[0] }, result }, null, 2)}\n`,
    );
    const atBudget =
      args.instances === BULK_BUDGET.atInstances
        ? ''
        : ` (the budget is set at N = ${String(BULK_BUDGET.atInstances)})`;
    process.stdout.write(
      `\nBulk start of ${String(args.instances)} instances, ${String(args.concurrency)} at a time\n` +
        `     API (Node):        ${(apiMs / 1000).toFixed(2)} s\n` +
        `     console (queue):   ${(consoleMs / 1000).toFixed(2)} s\n` +
        `${ok ? 'ok  ' : 'MISS'} ratio ${ratio.toFixed(2)} (budget ≤ ${String(BULK_BUDGET.ratio)})${atBudget}\n\nResults: ${path.relative(root, file)}\n`,
    );
    return args.check && !ok ? 1 : 0;
  } finally {
    await stopAll(api, project).catch(() => undefined);
    api.close();
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await stopBenchLxd(log);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(parseBulkArgs(process.argv.slice(2))).then(
    (code) => process.exit(code),
    (error: unknown) => {
      log(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
