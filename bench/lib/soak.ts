/**
 * The event soak: with the list open, a warm-up of half as many events (so code paths,
 * JIT and caches that exist once are in place), then the heap after garbage collection, then
 * `events` lifecycle events spread over about 45 s, then the heap after GC again, each time
 * with a heap snapshot that splits it into compiled code and data (lib/heap.ts).
 * Events: a container of a small project started and stopped through the API, topped up with
 * description changes (instance-updated) in that project and on a few instances of the listed
 * project, so the open list itself is made stale.
 */
import type { Browser } from '@playwright/test';
import WebSocket from 'ws';
import {
  SOAK_CYCLED,
  SOAK_INSTANCES,
  SOAK_PROJECT,
  instanceName,
  soakInstanceName,
  stopAll,
} from './fixtures';
import type { UnixApi } from './lxd-api';
import { growthPct as growth, heapSplit, type HeapSplit } from '../../scripts/lib/heap';
import { heapNowAndAfterGc, openList, settle, type Target } from './measure';
import { probeExpr } from './probe';

export interface SoakResult {
  events: number;
  seconds: number;
  /** Events by action, e.g. instance-started. */
  actions: Record<string, number>;
  heapBefore: number | null;
  heapAfter: number | null;
  growthPct: number | null;
  /** The heap snapshots' compiled code and JavaScript data before and after (lib/heap.ts). */
  splitBefore: HeapSplit | null;
  splitAfter: HeapSplit | null;
  /** Growth of the data alone: what the budget holds (compiled code is V8's, not kept data). */
  dataGrowthPct: number | null;
  domBefore: number;
  domAfter: number;
  /** Requests the page made during the soak: the list (/1.0/instances), and per instance. */
  listRequests: number;
  instanceRequests: number;
  errors: string[];
}

interface LifecycleEvent {
  project?: string;
  metadata?: { action?: string };
}

type Counter = ReturnType<typeof eventCounter>;

function eventCounter(socket: string, projects: Set<string>) {
  let actions: Record<string, number> = {};
  let count = 0;
  const ws = new WebSocket(`ws+unix://${socket}:/1.0/events?type=lifecycle&all-projects=true`);
  ws.on('message', (data: Buffer) => {
    const event = JSON.parse(data.toString('utf8')) as LifecycleEvent;
    if (!projects.has(event.project ?? '')) return;
    const action = event.metadata?.action ?? '?';
    actions[action] = (actions[action] ?? 0) + 1;
    count += 1;
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const reset = () => {
    count = 0;
    actions = {};
  };
  return { opened, actions: () => actions, count: () => count, reset, close: () => ws.close() };
}

/** Writers of description changes: half in the soak project, half in the listed one. */
const PATCHERS = 4;

/** Descriptions without digits, so they never match the filter's fragment. */
const WORDS = ['soak alpha', 'soak bravo', 'soak charlie'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const q = (project: string) => `project=${encodeURIComponent(project)}`;

/**
 * Makes `events` lifecycle events (counted as they arrive) at about events/45 per second, or
 * as many as `maxSeconds` allow; resolves with the seconds taken.
 */
async function generate(
  api: UnixApi,
  counter: Counter,
  options: { project: string; n: number; events: number; maxSeconds: number },
  fail: (error: unknown) => void,
): Promise<number> {
  counter.reset();
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  const done = () => counter.count() >= options.events || performance.now() > deadline;
  const perSecond = options.events / 45;
  // Writers wait while ahead of the pace.
  const pace = async () => {
    while (!done() && counter.count() > ((performance.now() - started) / 1000) * perSecond) {
      await sleep(50);
    }
  };
  const cycler = async (name: string) => {
    const path = `/1.0/instances/${name}/state?${q(SOAK_PROJECT)}`;
    while (!done()) {
      await pace();
      await api.run('PUT', path, { action: 'start', timeout: -1 }).catch(fail);
      await api.run('PUT', path, { action: 'stop', force: true, timeout: -1 }).catch(fail);
    }
  };
  // Each writer changes instances of its own (LXD refuses a second operation on a busy
  // instance): soak-02…20, and the first 8 instances of the listed project.
  const patcher = async (owned: [string, string][]) => {
    for (let i = 0; !done(); i += 1) {
      await pace();
      const [where, name] = owned[i % owned.length] as [string, string];
      await api
        .run('PATCH', `/1.0/instances/${name}?${q(where)}`, { description: WORDS[i % 3] })
        .catch(fail);
    }
  };
  const patchers: [string, string][][] = Array.from({ length: PATCHERS }, () => []);
  for (let i = SOAK_CYCLED + 1; i <= SOAK_INSTANCES; i += 1) {
    patchers[i % (PATCHERS / 2)]?.push([SOAK_PROJECT, soakInstanceName(i)]);
  }
  for (let i = 1; i <= Math.min(options.n, 8); i += 1) {
    patchers[PATCHERS / 2 + (i % (PATCHERS / 2))]?.push([options.project, instanceName(i)]);
  }
  const cyclers = Array.from({ length: SOAK_CYCLED }, (_, i) => cycler(soakInstanceName(i + 1)));
  await Promise.all([...cyclers, ...patchers.filter((o) => o.length > 0).map(patcher)]);
  const seconds = (performance.now() - started) / 1000;
  await stopAll(api, SOAK_PROJECT);
  return seconds;
}

export async function runSoak(
  browser: Browser,
  target: Target,
  api: UnixApi,
  options: { socket: string; project: string; n: number; events: number; maxSeconds: number },
): Promise<SoakResult> {
  const { page, cdp, close } = await openList(browser, target, options.project);
  const counter = eventCounter(options.socket, new Set([SOAK_PROJECT, options.project]));
  const errors: string[] = [];
  const fail = (error: unknown) => {
    if (errors.length < 10) errors.push(error instanceof Error ? error.message : String(error));
  };
  // Let the last refetches land and timers run out before measuring.
  const quiet = async () => {
    await sleep(5000);
    await settle(page);
  };
  try {
    await counter.opened;
    // Half as many events as the soak: V8 keeps compiling the hot paths of event handling into
    // optimized code well past 100 events (heap snapshots: after a 100-event warm-up, 1,000
    // events grew the code space by ~0.5 MB and the rest of the JS heap by 0.6 %; after 500
    // more, the code space by ~0.08 MB). That is compiled code, not data kept.
    const warmup = Math.max(1, Math.round(options.events / 2));
    await generate(api, counter, { ...options, events: warmup, maxSeconds: 45 }, fail);
    await quiet();
    const before = await heapNowAndAfterGc(cdp);
    const splitBefore = await heapSplit(cdp).catch((error: unknown) => {
      fail(error);
      return null;
    });
    const domBefore = await page.evaluate<number>(probeExpr.domNodes);
    let listRequests = 0;
    let instanceRequests = 0;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/1.0/instances') listRequests += 1;
      else if (pathname.startsWith('/1.0/instances/')) instanceRequests += 1;
    });
    const seconds = await generate(api, counter, options, fail);
    const events = counter.count();
    const actions = { ...counter.actions() };
    await quiet();
    const after = await heapNowAndAfterGc(cdp);
    const splitAfter = await heapSplit(cdp).catch((error: unknown) => {
      fail(error);
      return null;
    });
    const domAfter = await page.evaluate<number>(probeExpr.domNodes);
    return {
      events,
      seconds,
      actions,
      heapBefore: before.gc,
      heapAfter: after.gc,
      growthPct: growth(before.gc, after.gc),
      splitBefore,
      splitAfter,
      dataGrowthPct: growth(splitBefore?.data ?? null, splitAfter?.data ?? null),
      domBefore,
      domAfter,
      listRequests,
      instanceRequests,
      errors,
    };
  } finally {
    counter.close();
    await close();
  }
}
