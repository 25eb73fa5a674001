/**
 * `npm run bench -- [N ...] [--runs K] [--check]`: builds the console, starts the local LXD
 * 'bench' with N stopped instances per project, and measures the instance list in Chromium
 * through the console server and LXD's own /ui. See bench/README.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stateDir, type LxdEnv } from '../scripts/lib/lxd';
import { startBenchLxd, stopBenchLxd } from './lib/daemon';
import { createConsoleServer, type ConsoleServer } from '../server/app';
import { ArgsError, parseArgs, USAGE, type BenchArgs } from './lib/args';
import { budgetsFailed, evaluateBudgets } from './lib/budgets';
import { buildConsole } from './lib/build';
import { BuildFiles } from './lib/bundle';
import {
  ensureInstances,
  instanceName,
  projectName,
  SOAK_INSTANCES,
  SOAK_PROJECT,
  soakInstanceName,
} from './lib/fixtures';
import { HttpsTimer, UnixApi } from './lib/lxd-api';
import { measureRun, type RunResult, type Target } from './lib/measure';
import { renderReport } from './lib/report';
import { runSoak } from './lib/soak';
import { summarise } from './lib/stats';
import { RUN_METRICS, type BenchReport, type CountResult, type TargetResult } from './lib/types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
/**
 * Ctrl-C: the local LXD is stopped by a detached process (npm and tsx relay the signal more than
 * once and may kill this process before a clean-up here would end), then this one exits.
 */
const running: { browser?: Browser; interrupted: boolean } = { interrupted: false };
process.on('SIGINT', () => {
  if (running.interrupted) return;
  running.interrupted = true;
  log('interrupted: stopping the local LXD "bench" in the background');
  spawn(process.execPath, ['--import', 'tsx', 'scripts/lxd-cli.ts', 'stop', 'bench'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
  }).unref();
  const exit = () => process.exit(130);
  setTimeout(exit, 3000).unref();
  void (running.browser?.close() ?? Promise.resolve()).finally(exit);
});

function describeRun(r: RunResult): string {
  const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(0)} ms`);
  const mb = (v: number | null) => (v === null ? 'n/a' : `${(v / 1e6).toFixed(1)} MB`);
  return (
    `first row ${ms(r.firstRowMs)}, statuses ${ms(r.statusesMs)}, ` +
    `complete ${ms(r.completeMs)}${r.loadingLine ? ' (loading line seen)' : ''}, ` +
    `gzip ${((r.jsGzip + r.cssGzip) / 1000).toFixed(1)} KB, heap ${mb(r.heapGc)}, ` +
    `DOM ${r.domNodes ?? 'n/a'}, event ${r.eventNote ?? ms(r.eventMs)} ` +
    `[${r.eventSamples.map((v) => (v === null ? '-' : v.toFixed(0))).join(' ')}], ` +
    `sort ${r.sortNote ?? ms(r.sortMs)} ` +
    `[${Object.entries(r.sortByColumn)
      .map(([k, v]) => `${k} ${v === null ? '-' : v.toFixed(0)}`)
      .join(', ')}], ` +
    `filter ${r.filterNote ?? ms(r.filterMs)}, ` +
    `detail ${r.detailNote ?? ms(r.detailMs)}`
  );
}

async function measureTarget(
  browser: Browser,
  target: Target,
  files: BuildFiles,
  n: number,
  args: BenchArgs,
  api: UnixApi,
): Promise<TargetResult> {
  const options = {
    project: projectName(n),
    fragment: String(n),
    filterTarget: instanceName(n),
    interactions: target.kind === 'console',
    api,
  };
  const runs: RunResult[] = [];
  const errors: string[] = [];
  let warmup: RunResult | null = null;
  for (let i = 0; i <= args.runs; i += 1) {
    const label = i === 0 ? 'warm-up' : `run ${i}/${args.runs}`;
    try {
      const result = await measureRun(browser, target, files, options);
      log(`N=${n} ${target.kind} ${label}: ${describeRun(result)}`);
      for (const e of result.probeErrors) log(`  probe error: ${e}`);
      if (i === 0) warmup = result;
      else runs.push(result);
    } catch (error) {
      const why = errorText(error).split('\n')[0] ?? '';
      log(`N=${n} ${target.kind} ${label} failed: ${why}`);
      errors.push(`${label}: ${why}`);
      if (i === 0) {
        // The page does not work at all: do not spend minutes on more timeouts.
        errors.push('measured runs skipped after the failed warm-up');
        break;
      }
    }
  }
  const summary = Object.fromEntries(
    RUN_METRICS.map((m) => [m, summarise(runs.map((r) => r[m]))]),
  ) as TargetResult['summary'];
  return {
    warmup,
    runs,
    summary,
    firstScreenGzip: summarise(runs.map((r) => r.jsGzip + r.cssGzip)),
    filterNote: runs.at(-1)?.filterNote ?? null,
    detailNote: runs.at(-1)?.detailNote ?? null,
    sortNote: runs.at(-1)?.sortNote ?? null,
    eventNote: runs.at(-1)?.eventNote ?? null,
    errors,
  };
}

async function measureCount(
  n: number,
  ctx: { api: UnixApi; timer: HttpsTimer; browser: Browser; files: BuildFiles; env: LxdEnv },
  targets: Target[],
  args: BenchArgs,
): Promise<CountResult> {
  const project = projectName(n);
  const names = Array.from({ length: n }, (_, i) => instanceName(i + 1));
  await ensureInstances(ctx.api, project, names, log);
  // Each call once as a warm-up, then --runs timed calls, alternating the two.
  const namesCalls = [];
  const calls = [];
  for (let i = 0; i <= args.runs; i += 1) {
    namesCalls.push(await ctx.timer.get(`/1.0/instances?project=${project}&recursion=0`));
    calls.push(await ctx.timer.get(`/1.0/instances?project=${project}&recursion=1`));
  }
  const namesCall = summarise(namesCalls.slice(1).map((c) => c.ms));
  const cheapest = summarise(calls.slice(1).map((c) => c.ms));
  const full = await ctx.timer.get(`/1.0/instances?project=${project}&recursion=2`);
  log(
    `N=${n}: recursion=0 call ${namesCall?.median.toFixed(0) ?? '?'} ms, recursion=1 ` +
      `${cheapest?.median.toFixed(0) ?? '?'} ms (medians), recursion=2 ${full.ms.toFixed(0)} ms`,
  );
  const result: CountResult = {
    n,
    project,
    namesCall,
    namesBytes: namesCalls.at(-1)?.bytes ?? 0,
    cheapestCall: cheapest,
    cheapestBytes: calls.at(-1)?.bytes ?? 0,
    recursion2Ms: full.ms,
    recursion2Bytes: full.bytes,
    targets: {},
    soak: null,
  };
  for (const target of targets) {
    result.targets[target.kind] = await measureTarget(
      ctx.browser,
      target,
      ctx.files,
      n,
      args,
      ctx.api,
    );
  }
  if (args.soak && targets[0]) {
    log(`N=${n}: event soak (${args.soakEvents} lifecycle events)`);
    try {
      result.soak = await runSoak(ctx.browser, targets[0], ctx.api, {
        socket: ctx.env.socket,
        project,
        n,
        events: args.soakEvents,
        maxSeconds: 120,
      });
    } catch (error) {
      log(`N=${n}: soak failed: ${errorText(error)}`);
    }
  }
  return result;
}

/** `--prepare-only`: makes the projects and instances for every N, and reports time and disk. */
async function prepareOnly(args: BenchArgs): Promise<number> {
  const uiDir = args.uiDir ? path.resolve(args.uiDir) : path.join(stateDir('bench'), 'ui');
  mkdirSync(uiDir, { recursive: true });
  log('starting the local LXD "bench" (state is kept between runs)');
  const env = await startBenchLxd(uiDir, { withBrowser: false });
  const api = new UnixApi(env.socket);
  try {
    for (const n of args.counts) {
      const started = performance.now();
      const names = Array.from({ length: n }, (_, i) => instanceName(i + 1));
      await ensureInstances(api, projectName(n), names, log);
      log(`N=${n}: ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const du = spawnSync('du', ['-sh', stateDir('bench')], { encoding: 'utf8' });
    log(`disk: ${du.stdout.trim() || du.stderr.trim()}`);
    return 0;
  } finally {
    api.close();
    log('stopping the local LXD "bench"');
    await stopBenchLxd(log);
  }
}

async function main(args: BenchArgs): Promise<number> {
  const loadStart = os.loadavg()[0] ?? 0;
  const uiDir = args.uiDir ? path.resolve(args.uiDir) : path.join(stateDir('bench'), 'ui');
  const buildSeconds = args.build ? buildConsole(root, uiDir, log) : null;
  log('starting the local LXD "bench" (state is kept between runs)');
  const env = await startBenchLxd(uiDir, { withBrowser: true });
  const api = new UnixApi(env.socket);
  const timer = new HttpsTimer(env.url, env.adminCert, env.adminKey);
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  try {
    if (args.soak) {
      const soakNames = Array.from({ length: SOAK_INSTANCES }, (_, i) => soakInstanceName(i + 1));
      await ensureInstances(api, SOAK_PROJECT, soakNames, log);
    }
    server = createConsoleServer({
      uiDir,
      host: '127.0.0.1',
      port: 0,
      lxd: { kind: 'url', url: env.url, cert: env.adminCert, key: env.adminKey },
    });
    const listening = await server.listen();
    const consoleOrigin = new URL(listening.url).origin;
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
      // Playwright's own handler would exit before the clean-up below.
      handleSIGINT: false,
    });
    running.browser = browser;
    const targets: Target[] = [
      {
        kind: 'console',
        context: {},
        entry: (p) => ({ url: `${consoleOrigin}/ui/project/${p}/instances` }),
      },
    ];
    if (args.lxdUi) {
      targets.push({
        kind: 'lxd-ui',
        context: {
          ignoreHTTPSErrors: true,
          clientCertificates: [{ origin: env.url, certPath: env.adminCert, keyPath: env.adminKey }],
        },
        entry: (p) => ({ url: `${env.url}/ui/`, replacePath: `/ui/project/${p}/instances` }),
      });
    }
    const files = new BuildFiles(uiDir);
    const counts: CountResult[] = [];
    for (const n of args.counts) {
      counts.push(await measureCount(n, { api, timer, browser, files, env }, targets, args));
    }
    const lastRuns = counts.at(-1)?.targets.console?.runs ?? [];
    const firstJs = [...new Set(lastRuns.flatMap((r) => r.jsFiles))];
    const firstCss = [...new Set(lastRuns.flatMap((r) => r.cssFiles))];
    const firstScreenSources = files.sources(firstJs, root);
    const report: BenchReport = {
      date: new Date().toISOString(),
      options: {
        counts: args.counts,
        runs: args.runs,
        lxdUi: args.lxdUi,
        soak: args.soak,
        soakEvents: args.soakEvents,
      },
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        chromium: browser.version(),
        lxd: listening.lxdVersion,
        loadStart,
        loadEnd: os.loadavg()[0] ?? 0,
      },
      build: { seconds: buildSeconds, uiDir },
      counts,
      firstScreenSources,
      firstScreenCombinedGzip: firstJs.length
        ? { js: files.combinedGzip(firstJs), css: files.combinedGzip(firstCss) }
        : null,
      budgets: evaluateBudgets(counts, firstScreenSources),
    };
    const resultsDir = path.join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      `${report.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`,
    );
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`\n${renderReport(report)}\n\nResults: ${path.relative(root, file)}\n`);
    return args.check && budgetsFailed(report.budgets) ? 1 : 0;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    api.close();
    timer.close();
    log('stopping the local LXD "bench"');
    await stopBenchLxd(log);
  }
}

let args: BenchArgs;
try {
  args = parseArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`bench: ${errorText(error)}\n`);
  process.exit(error instanceof ArgsError ? 2 : 1);
}
if (args.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
(args.prepareOnly ? prepareOnly(args) : main(args)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench: ${errorText(error)}\n`);
    process.exit(1);
  },
);
