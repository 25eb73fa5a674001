/**
 * `npm run bench:fleet -- [--runs K] [--no-build] [--check]`: the fleet instance list
 * (/ui/fleet/instances) with three remotes of 1,000 instances each, one of which takes 10 s to
 * answer for its instances (issue #32). See bench/README.md, "The fleet".
 *
 * The three remotes are the local LXD `bench` three times over: `a` (the default remote) and `b`
 * straight, `slow` through a proxy here that holds every answer under /1.0/instances for 10 s.
 * Each one is asked with a client certificate restricted to project bench-1000, so each lists
 * exactly that project's 1,000 instances whatever else the bench daemon holds.
 */
import { execFileSync, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { stateDir } from '../scripts/lib/lxd';
import { startBenchLxd, stopBenchLxd } from './lib/daemon';
import { createConsoleServer, type ConsoleServer } from '../server/app';
import { buildConsole } from './lib/build';
import { ensureInstances, instanceName, projectName } from './lib/fixtures';
import { measureFilter } from './lib/interactions';
import { UnixApi } from './lib/lxd-api';
import { heapNowAndAfterGc, openList, settle } from './lib/measure';
import { probeState, waitForExpr } from './lib/page';
import { probeExpr } from './lib/probe';
import { median } from './lib/stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stderr.write(`bench:fleet: ${line}\n`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Instances per remote, and the project that holds them. */
export const FLEET_N = 1000;
const PROJECT = projectName(FLEET_N);
/** How long the slow remote holds each answer about its instances. */
export const SLOW_MS = 10_000;
/** Issue #32's budgets. */
export const FLEET_BUDGET = { firstRowMs: 1000, filterMs: 50, heapGcBytes: 40_000_000 };
const TABLE = 'Instances of every remote';
const CERT_NAME = 'bench-fleet';

interface FleetArgs {
  runs: number;
  build: boolean;
  check: boolean;
}

export function parseFleetArgs(argv: readonly string[]): FleetArgs {
  const args: FleetArgs = { runs: 3, build: true, check: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--no-build') args.build = false;
    else if (arg === '--check') args.check = true;
    else if (arg === '--runs') {
      const runs = Number(argv[(i += 1)]);
      if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
        throw new Error('--runs takes a whole number from 1 to 50');
      }
      args.runs = runs;
    } else {
      throw new Error(`unknown argument ${String(arg)} (use --runs K, --no-build, --check)`);
    }
  }
  return args;
}

/** A client certificate trusted by the bench LXD for project bench-1000 only. */
async function restrictedCertificate(api: UnixApi): Promise<{ cert: string; key: string }> {
  const dir = path.join(stateDir('bench'), 'fleet');
  mkdirSync(dir, { recursive: true });
  const cert = path.join(dir, 'client.crt');
  const key = path.join(dir, 'client.key');
  if (!existsSync(cert) || !existsSync(key)) {
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '3650',
      '-subj',
      `/CN=${CERT_NAME}`,
      '-keyout',
      key,
      '-out',
      cert,
    ]);
  }
  const pem = readFileSync(cert, 'utf8');
  const fingerprint = new X509Certificate(pem).fingerprint256.replaceAll(':', '').toLowerCase();
  const trusted = await api.get<{ name: string; fingerprint: string }[]>(
    '/1.0/certificates?recursion=1',
  );
  for (const entry of trusted.filter((c) => c.name === CERT_NAME)) {
    if (entry.fingerprint !== fingerprint) {
      await api.run('DELETE', `/1.0/certificates/${entry.fingerprint}`);
    }
  }
  if (!trusted.some((c) => c.fingerprint === fingerprint)) {
    const body = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    await api.run('POST', '/1.0/certificates', {
      type: 'client',
      name: CERT_NAME,
      certificate: body,
      restricted: true,
      projects: [PROJECT],
    });
  }
  return { cert, key };
}

/**
 * An HTTPS proxy to the bench LXD that holds every answer under /1.0/instances for `delay` ms
 * (the rest, GET /1.0 included, at once: the remote is online, only slow). No websockets: its
 * event stream is refused, which the console retries.
 */
async function slowProxy(
  target: string,
  tls: { cert: string; key: string },
  delay: number,
): Promise<{ url: string; close: () => void }> {
  const cert = readFileSync(tls.cert);
  const key = readFileSync(tls.key);
  const upstream = new URL(target);
  const agent = new https.Agent({ keepAlive: true, cert, key, rejectUnauthorized: false });
  const server = https.createServer({ cert, key }, (request, response) => {
    const forward = () => {
      const outgoing = https.request(
        {
          hostname: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: upstream.host },
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      outgoing.on('error', (error) => {
        response.destroy(error);
      });
      request.pipe(outgoing);
    };
    if ((request.url ?? '').startsWith('/1.0/instances')) setTimeout(forward, delay);
    else forward();
  });
  server.on('upgrade', (_request, socket) => {
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no proxy address');
  return {
    url: `https://127.0.0.1:${String(address.port)}`,
    close: () => {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}

interface FleetRun {
  firstRowMs: number | null;
  /** Navigation start → every remote's rows counted (the slow one's included). */
  allRowsMs: number | null;
  filterMs: number | null;
  heapGc: number | null;
  domNodes: number;
}

const ALL_ROWS = `(function () {
  var text = document.body ? document.body.innerText : '';
  return /\\b3,?000 instances\\b/.test(text) ? performance.now() : null;
})()`;

async function measureFleetRun(browser: Browser, origin: string): Promise<FleetRun> {
  const { page, cdp, close } = await openList(
    browser,
    { kind: 'console', context: {}, entry: () => ({ url: `${origin}/ui/fleet/instances` }) },
    PROJECT,
    { tableName: TABLE },
  );
  try {
    const loaded = await probeState(page);
    if (process.env.FLEET_TIMELINE === '1') {
      const resources = await page.evaluate<{ url: string; start: number; end: number }[]>(
        probeExpr.resources,
      );
      for (const r of resources.filter((e) => e.start < (loaded.firstRowAt ?? 0))) {
        log(
          `  ${r.start.toFixed(0)}–${r.end.toFixed(0)} ms ${new URL(r.url).pathname}${new URL(r.url).search}`,
        );
      }
    }
    let allRowsMs: number | null = null;
    const deadline = Date.now() + SLOW_MS + 30_000;
    while (allRowsMs === null && Date.now() < deadline) {
      allRowsMs = await page.evaluate<number | null>(ALL_ROWS);
      if (allRowsMs === null) await page.waitForTimeout(50);
    }
    await waitForExpr(page, '!/Loading/.test(document.body.innerText)', { timeout: 30_000 }).catch(
      () => undefined,
    );
    await settle(page);
    const heap = await heapNowAndAfterGc(cdp);
    const domNodes = await page.evaluate<number>("document.getElementsByTagName('*').length");
    const filter = await measureFilter(page, String(FLEET_N));
    if (filter.note) log(`filter: ${filter.note}`);
    return {
      firstRowMs: loaded.firstRowAt,
      allRowsMs,
      filterMs: filter.ms,
      heapGc: heap.gc,
      domNodes,
    };
  } finally {
    await close();
  }
}

const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} ms`);
const mb = (value: number | null) => (value === null ? 'n/a' : `${(value / 1e6).toFixed(1)} MB`);

async function main(args: FleetArgs): Promise<number> {
  const uiDir = path.join(stateDir('bench'), 'ui');
  if (args.build) buildConsole(root, uiDir, log);
  log('starting the local LXD "bench" (state is kept between runs)');
  const env = await startBenchLxd(uiDir, { withBrowser: true });
  const api = new UnixApi(env.socket);
  let server: ConsoleServer | undefined;
  let proxy: { url: string; close: () => void } | undefined;
  let browser: Browser | undefined;
  try {
    const names = Array.from({ length: FLEET_N }, (_, i) => instanceName(i + 1));
    await ensureInstances(api, PROJECT, names, log);
    const tls = await restrictedCertificate(api);
    proxy = await slowProxy(env.url, tls, SLOW_MS);
    const remotesFile = path.join(stateDir('bench'), 'fleet', 'remotes.json');
    const remotes = { b: { url: env.url, ...tls }, slow: { url: proxy.url, ...tls } };
    writeFileSync(remotesFile, `${JSON.stringify({ remotes }, null, 2)}\n`);
    server = createConsoleServer({
      uiDir,
      host: '127.0.0.1',
      port: 0,
      lxd: { kind: 'url', url: env.url, ...tls },
      lxdName: 'a',
      remotes: remotesFile,
    });
    const origin = new URL((await server.listen()).url).origin;
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
    });
    const runs: FleetRun[] = [];
    for (let i = 0; i <= args.runs; i += 1) {
      const label = i === 0 ? 'warm-up' : `run ${String(i)}/${String(args.runs)}`;
      const run = await measureFleetRun(browser, origin);
      log(
        `${label}: first row ${ms(run.firstRowMs)}, all 3,000 rows ${ms(run.allRowsMs)}, ` +
          `filter ${ms(run.filterMs)}, heap after GC ${mb(run.heapGc)}, DOM ${String(run.domNodes)}`,
      );
      if (i > 0) runs.push(run);
    }
    const of = (pick: (run: FleetRun) => number | null) => {
      const values = runs.map(pick).filter((value): value is number => value !== null);
      return values.length === runs.length ? median(values) : null;
    };
    const result = {
      date: new Date().toISOString(),
      remotes: 3,
      instancesPerRemote: FLEET_N,
      slowRemoteMs: SLOW_MS,
      machine: { cpus: os.cpus().length, load: os.loadavg()[0] ?? 0, chromium: browser.version() },
      firstRowMs: of((run) => run.firstRowMs),
      allRowsMs: of((run) => run.allRowsMs),
      filterMs: of((run) => run.filterMs),
      heapGcBytes: of((run) => run.heapGc),
      runs,
    };
    const checks = [
      ['first row', result.firstRowMs, FLEET_BUDGET.firstRowMs, ms],
      ['filter per keystroke', result.filterMs, FLEET_BUDGET.filterMs, ms],
      ['JS heap after GC', result.heapGcBytes, FLEET_BUDGET.heapGcBytes, mb],
    ] as const;
    const lines = checks.map(([what, value, budget, format]) => {
      const ok = value !== null && value <= budget;
      return {
        ok,
        line: `${ok ? 'ok  ' : 'MISS'} ${what}: ${format(value)} (budget ${format(budget)})`,
      };
    });
    // The slow remote must not hold up the others: the first row long before its answer.
    const independent = result.firstRowMs !== null && result.firstRowMs < SLOW_MS;
    lines.push({
      ok: independent,
      line: `${independent ? 'ok  ' : 'MISS'} first row before the slow remote answers: ${ms(result.firstRowMs)} < ${ms(SLOW_MS)}; its rows at ${ms(result.allRowsMs)}`,
    });
    const dir = path.join(root, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    const file = path.join(
      dir,
      `fleet-${result.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`,
    );
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(
      `\nFleet instance list: 3 remotes × ${String(FLEET_N)} instances, one answering after ${String(SLOW_MS / 1000)} s (medians of ${String(args.runs)} runs)\n${lines.map((l) => l.line).join('\n')}\n\nResults: ${path.relative(root, file)}\n`,
    );
    return args.check && lines.some((l) => !l.ok) ? 1 : 0;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    proxy?.close();
    api.close();
    log('stopping the local LXD "bench"');
    await stopBenchLxd(log);
  }
}

let args: FleetArgs;
try {
  args = parseFleetArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`bench:fleet: ${errorText(error)}\n`);
  process.exit(2);
}
process.on('SIGINT', () => {
  log('interrupted: stopping the local LXD "bench" in the background');
  spawn(process.execPath, ['--import', 'tsx', 'scripts/lxd-cli.ts', 'stop', 'bench'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
  }).unref();
  process.exit(130);
});
main(args).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:fleet: ${errorText(error)}\n`);
    process.exit(1);
  },
);
