/**
 * The usage history: reading LXD's metrics, the sampler against a fake LXD on a unix socket, and
 * the store, roll-ups, retention and /console/usage run the same on both back-ends (PGlite in a
 * temporary directory, and a real PostgreSQL server that scripts/lib/postgres.ts starts).
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, useTestDatabases } from './testing';
import { createConsoleServer, USAGE_OFF } from '../app';
import { journalConfig } from '../config-journal';
import { ConsoleError } from '../errors';
import { createLxdProxy } from '../proxy';
import type { Remote } from '../remotes';
import { writeUiBuild } from '../testing/fixtures';
import { createUpstream } from '../upstream';
import type { JournalDb } from './db';
import { openJournal } from './journal';
import { startUsageSampler } from './usage';
import { createRates, parseUsage, type UsageSample } from './usage-metrics';
import {
  applyUsageRetention,
  DEFAULT_USAGE_RETENTION,
  insertSamples,
  queryUsage,
  rollUp,
  rolledUntil,
} from './usage-store';
import {
  createUsageHandler,
  forbiddenMessage,
  INSTANCE_PROJECT_MESSAGE,
  MEMBER_AND_PROJECT_MESSAGE,
  RANGE_MESSAGE,
  remoteMessage,
  SCOPE_MESSAGE,
} from './usage-http';

/** As LXD 5.0.2 answers GET /1.0/metrics (trimmed; web's memory printed twice, as LXD does). */
function metricsText(cpu: { c1: number; web1: number }, rx: number): string {
  return `# HELP lxd_cpu_seconds_total The total number of CPU time used in seconds.
# TYPE lxd_cpu_seconds_total counter
lxd_cpu_seconds_total{cpu="0",mode="system",name="c1",project="default",type="container"} ${String(cpu.c1 / 2)}
lxd_cpu_seconds_total{cpu="1",mode="user",name="c1",project="default",type="container"} ${String(cpu.c1 / 2)}
lxd_cpu_seconds_total{cpu="1",mode="idle",name="c1",project="default",type="container"} 999
lxd_cpu_seconds_total{cpu="0",mode="user",name="web1",project="web",type="container"} ${String(cpu.web1)}
# HELP lxd_filesystem_avail_bytes The number of available space in bytes.
# TYPE lxd_filesystem_avail_bytes gauge
lxd_filesystem_avail_bytes{device="",fstype="ext4",mountpoint="/",name="c1",project="default"} 7.9496118272e+10
lxd_filesystem_free_bytes{device="",fstype="ext4",mountpoint="/",name="c1",project="default"} 2.411049984e+11
lxd_filesystem_size_bytes{device="",fstype="ext4",mountpoint="/",name="c1",project="default"} 2.70553174016e+11
lxd_filesystem_free_bytes{device="",fstype="ext4",mountpoint="/data",name="c1",project="default"} 1
lxd_memory_MemAvailable_bytes{name="c1",project="default",type="container"} 2.4683131712e+10
lxd_memory_MemFree_bytes{name="c1",project="default",type="container"} 2.4683127616e+10
lxd_memory_MemTotal_bytes{name="c1",project="default",type="container"} 2.4683656e+10
lxd_memory_MemFree_bytes{name="web1",project="web",type="container"} 100
lxd_memory_MemTotal_bytes{name="web1",project="web",type="container"} 500
lxd_memory_MemFree_bytes{name="web1",project="web",type="container"} 300
lxd_network_receive_bytes_total{device="lo",name="c1",project="default",type="container"} 5000
lxd_network_receive_bytes_total{device="eth0",name="c1",project="default",type="container"} ${String(rx)}
lxd_network_receive_bytes_total{device="eth1",name="c1",project="default",type="container"} 100
lxd_network_transmit_bytes_total{device="eth0",name="c1",project="default",type="container"} 1382
lxd_procs_total{name="c1",project="default",type="container"} 3
# EOF
`;
}

describe('reading LXD metrics', () => {
  it('reads one reading per instance, as the console charts them', () => {
    const readings = parseUsage(metricsText({ c1: 3, web1: 1 }, 3412));
    expect(readings).toEqual([
      {
        project: 'default',
        instance: 'c1',
        cpuSeconds: 3,
        memoryBytes: 2.4683656e10 - 2.4683127616e10,
        diskBytes: 2.70553174016e11 - 2.411049984e11,
        rxBytes: 3512,
        txBytes: 1382,
      },
      {
        project: 'web',
        instance: 'web1',
        cpuSeconds: 1,
        // The repeated series counts once, its last value.
        memoryBytes: 200,
        diskBytes: null,
        rxBytes: 0,
        txBytes: 0,
      },
    ]);
    expect(parseUsage('incus_memory_MemTotal_bytes{name="i",project="p"} 10\nbad{ 1\n')).toEqual([
      {
        project: 'p',
        instance: 'i',
        cpuSeconds: 0,
        memoryBytes: null,
        diskBytes: null,
        rxBytes: 0,
        txBytes: 0,
      },
    ]);
  });

  it('turns counters into rates since the previous reading; gauges stay as they are', () => {
    const rates = createRates(60_000);
    const first = rates.samples(
      'local',
      '',
      parseUsage(metricsText({ c1: 3, web1: 1 }, 3412)),
      0,
      'a',
    );
    expect(first[0]).toMatchObject({ cpuCores: null, rxBps: null, txBps: null, at: 'a' });
    expect(first[0]?.memoryBytes).toBeGreaterThan(0);
    const second = rates.samples(
      'local',
      '',
      parseUsage(metricsText({ c1: 9, web1: 0.5 }, 3412 + 15_000)),
      15_000,
      'b',
    );
    expect(second[0]).toMatchObject({ instance: 'c1', cpuCores: 0.4, rxBps: 1000, txBps: 0 });
    // A counter that went back (a restart) gives no rate.
    expect(second[1]).toMatchObject({ instance: 'web1', cpuCores: null });
    // Another remote's instance of the same name is another instance.
    const other = rates.samples(
      'other',
      '',
      parseUsage(metricsText({ c1: 9, web1: 0 }, 1)),
      15_000,
      'b',
    );
    expect(other[0]?.cpuCores).toBeNull();
  });
});

const T0 = Date.parse('2026-11-29T10:00:00Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Raw samples every minute 0..70 of three instances: c1's CPU is the minute, c2 and web1 flat. */
function rawSamples(remote = 'local'): UsageSample[] {
  const samples: UsageSample[] = [];
  for (let m = 0; m <= 70; m += 1) {
    const at = iso(T0 + m * MIN);
    const base = { remote, at, diskBytes: null, txBps: 5 };
    samples.push(
      {
        ...base,
        project: 'default',
        instance: 'c1',
        member: 'm1',
        cpuCores: m,
        memoryBytes: 1000,
        rxBps: m === 0 ? null : 50,
      },
      {
        ...base,
        project: 'default',
        instance: 'c2',
        member: 'm2',
        cpuCores: 10,
        memoryBytes: 2000,
        rxBps: 50,
      },
      {
        ...base,
        project: 'web',
        instance: 'web1',
        member: 'm1',
        cpuCores: 100,
        memoryBytes: 4000,
        rxBps: 50,
      },
    );
  }
  return samples;
}

const databases = useTestDatabases('usage');

describe.each(BACKENDS)('usage history on the $backend database', ({ backend }) => {
  let db: JournalDb;
  const NOW = T0 + 71 * MIN;

  beforeAll(async () => {
    db = await databases.open(backend);
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  beforeEach(async () => {
    await db.query('DELETE FROM usage_samples');
    await db.query('DELETE FROM usage_rollups');
    await insertSamples(db, rawSamples());
    await rollUp(db, 'local', DEFAULT_USAGE_RETENTION, NOW);
  });

  const rows = (resolution: number, instance: string) =>
    db.query<{
      at: Date | string;
      cpu_cores: number;
      memory_bytes: number;
      rx_bps: number | null;
    }>(
      `SELECT at, cpu_cores, memory_bytes, rx_bps FROM usage_samples
         WHERE resolution = $1 AND instance = $2 ORDER BY at`,
      [resolution, instance],
    );

  it('averages completed 5-minute buckets and hours, once', async () => {
    const five = await rows(300, 'c1');
    // Buckets 10:00 … 11:05; 11:10 is not complete at 11:11.
    expect(five).toHaveLength(14);
    expect(five.map((r) => r.cpu_cores).slice(0, 3)).toEqual([2, 7, 12]);
    expect(Number(five[0]?.rx_bps)).toBe(50);
    expect(iso(new Date(five[13]?.at ?? 0).getTime())).toBe('2026-11-29T11:05:00.000Z');
    const hour = await rows(3600, 'c1');
    expect(hour.map((r) => [iso(new Date(r.at).getTime()), r.cpu_cores])).toEqual([
      ['2026-11-29T10:00:00.000Z', 29.5],
    ]);
    expect(Number((await rows(3600, 'c2'))[0]?.memory_bytes)).toBe(2000);
    expect(await rolledUntil(db, 'local')).toEqual(
      new Map([
        [300, T0 + 70 * MIN],
        [3600, T0 + 60 * MIN],
      ]),
    );
    // Again: nothing twice.
    await rollUp(db, 'local', DEFAULT_USAGE_RETENTION, NOW);
    expect(await rows(300, 'c1')).toHaveLength(14);
  });

  it('removes each resolution past its retention', async () => {
    const old = (resolution: number, at: number) =>
      db.query(
        `INSERT INTO usage_samples (resolution, remote, project, instance, member, at, cpu_cores)
           VALUES ($1, 'local', 'default', 'old', '', $2, 1)`,
        [resolution, iso(at)],
      );
    await old(0, NOW - 25 * 3.6e6);
    await old(0, NOW - 23 * 3.6e6);
    await old(300, NOW - 31 * 8.64e7);
    await old(300, NOW - 29 * 8.64e7);
    await old(3600, NOW - 366 * 8.64e7);
    await old(3600, NOW - 364 * 8.64e7);
    expect(await applyUsageRetention(db, DEFAULT_USAGE_RETENTION, NOW)).toBe(3);
    const left = await db.query<{ resolution: number }>(
      "SELECT resolution FROM usage_samples WHERE instance = 'old' ORDER BY resolution",
    );
    expect(left.map((r) => r.resolution)).toEqual([0, 300, 3600]);
    expect(
      await applyUsageRetention(db, { rawHours: 1, fiveMinuteDays: 30, hourDays: 365 }, NOW),
    ).toBe(3 * 11 + 1);
  });

  it('answers an instance, a project and a member, each at its range’s resolution', async () => {
    const c1 = await queryUsage(
      db,
      { kind: 'instance', remote: 'local', project: 'default', instance: 'c1' },
      '1h',
      NOW,
    );
    expect(c1.resolution).toBe(0);
    expect(c1.points).toHaveLength(60);
    expect(c1.points[0]).toEqual({
      time: '2026-11-29T10:11:00.000Z',
      cpuCores: 11,
      memoryBytes: 1000,
      diskBytes: null,
      rxBps: 50,
      txBps: 5,
    });
    // 24 h: the 5-minute averages, and the bucket not rolled up yet from the raw samples.
    const project = await queryUsage(
      db,
      { kind: 'project', remote: 'local', project: 'default' },
      '24h',
      NOW,
    );
    expect(project.resolution).toBe(300);
    expect(project.points).toHaveLength(15);
    expect(project.points[0]).toMatchObject({
      time: '2026-11-29T10:00:00.000Z',
      cpuCores: 12,
      memoryBytes: 3000,
      rxBps: 100,
    });
    expect(project.points[14]).toMatchObject({ time: '2026-11-29T11:10:00.000Z', cpuCores: 80 });
    const week = await queryUsage(
      db,
      { kind: 'project', remote: 'local', project: 'default' },
      '7d',
      NOW,
    );
    expect(week.resolution).toBe(300);
    expect(week.points).toEqual(project.points);
    // 30 d: the hour rolled up, then the current hour from 5-minute averages and raw samples.
    const month = await queryUsage(
      db,
      { kind: 'instance', remote: 'local', project: 'default', instance: 'c1' },
      '30d',
      NOW,
    );
    expect(month.resolution).toBe(3600);
    expect(month.points.map((p) => [p.time, Math.round((p.cpuCores ?? 0) * 1000) / 1000])).toEqual([
      ['2026-11-29T10:00:00.000Z', 29.5],
      ['2026-11-29T11:00:00.000Z', 66.333],
    ]);
    const member = await queryUsage(
      db,
      { kind: 'member', remote: 'local', member: 'm1' },
      '1h',
      NOW,
    );
    expect(member.points[0]).toMatchObject({ cpuCores: 111, memoryBytes: 5000 });
    const seen = await queryUsage(
      db,
      { kind: 'member', remote: 'local', member: 'm1', projects: ['web'] },
      '1h',
      NOW,
    );
    expect(seen.points[0]).toMatchObject({ cpuCores: 100, memoryBytes: 4000 });
  });

  it('averages raw samples on the fly where nothing is rolled up yet', async () => {
    await insertSamples(db, rawSamples('fresh'));
    const day = await queryUsage(
      db,
      { kind: 'instance', remote: 'fresh', project: 'default', instance: 'c1' },
      '24h',
      NOW,
    );
    expect(day.points.map((p) => p.cpuCores).slice(0, 3)).toEqual([2, 7, 12]);
    expect(day.points).toHaveLength(15);
    const month = await queryUsage(
      db,
      { kind: 'project', remote: 'fresh', project: 'web' },
      '30d',
      NOW,
    );
    expect(month.points.map((p) => p.cpuCores)).toEqual([100, 100]);
  });

  it('serves /console/usage: the points, 400 naming the field, 403 for a hidden project', async () => {
    const journal = openJournal({
      store: { kind: 'embedded', dir: databases.tmp },
      stateDir: mkdtempSync(path.join(databases.tmp, 'http-')),
      openDb: () => Promise.resolve({ ...db, close: () => Promise.resolve() }),
    });
    const lxd = await fakeLxd(() => ({ status: 200, body: json(['/1.0/projects/web']) }));
    const upstream = createUpstream({ kind: 'socket', path: lxd.socket });
    const proxies = new Map([['local', createLxdProxy(upstream, { loopbackOnly: false })]]);
    const handler = (perUser: boolean) =>
      createUsageHandler({
        journal,
        proxies,
        perUser,
        remotes: ['local', 'other'],
        defaultRemote: 'local',
        now: () => NOW,
      });
    const call = async (url: string, perUser = false) => {
      const res = fakeResponse();
      await handler(perUser)({ method: 'GET', url, headers: {} } as never, res as never);
      return { status: res.status, body: JSON.parse(res.body) as Record<string, unknown> };
    };
    const ok = await call('/console/usage?project=default&instance=c1&range=30d');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ range: '30d', resolution: 3600 });
    expect((ok.body.points as unknown[]).length).toBe(2);
    const bad = async (query: string, field: string, error: string) => {
      const answer = await call(`/console/usage?${query}`);
      expect(answer).toEqual({
        status: 400,
        body: { type: 'error', error, error_code: 400, metadata: { field } },
      });
    };
    await bad('project=default&range=2h', 'range', RANGE_MESSAGE);
    await bad('range=1h', 'project', SCOPE_MESSAGE);
    await bad('instance=c1', 'project', INSTANCE_PROJECT_MESSAGE);
    await bad('member=m1&project=default', 'member', MEMBER_AND_PROJECT_MESSAGE);
    await bad('remote=gone&project=default', 'remote', remoteMessage('gone'));
    expect(RANGE_MESSAGE).toBe('Range must be one of 1h, 24h, 7d, 30d');
    // A user whose LXD identity sees only project web.
    const hidden = await call('/console/usage?project=default', true);
    expect(hidden).toMatchObject({ status: 403, body: { error: forbiddenMessage('default') } });
    expect((await call('/console/usage?project=web', true)).status).toBe(200);
    const member = await call('/console/usage?member=m1', true);
    expect((member.body.points as { cpuCores: number }[])[0]?.cpuCores).toBe(100);
    upstream.close();
    await lxd.close();
    await journal.close();
  });

  it('samples a cluster member by member, and keeps samples while the database is gone', async () => {
    let cpu = 1;
    const lxd = await fakeLxd((url) => {
      if (url === '/1.0')
        return { status: 200, body: json({ environment: { server_clustered: true } }) };
      if (url === '/1.0/cluster/members?recursion=1') {
        return {
          status: 200,
          body: json([
            { server_name: 'm1', status: 'Online' },
            { server_name: 'm2', status: 'Offline' },
          ]),
        };
      }
      if (url === '/1.0/metrics?target=m1') {
        cpu += 2;
        return { status: 200, body: metricsText({ c1: cpu, web1: 1 }, 1000) };
      }
      return { status: 404, body: json(null) };
    });
    const target = { kind: 'socket' as const, path: lxd.socket };
    const remotes: Remote[] = [
      { name: 'cl', isDefault: true, target, upstream: createUpstream(target) },
      {
        name: 'gone',
        isDefault: false,
        target: { kind: 'socket', path: path.join(databases.tmp, 'none.socket') },
        upstream: createUpstream({ kind: 'socket', path: path.join(databases.tmp, 'none.socket') }),
      },
    ];
    let reachable = false;
    const journal = openJournal({
      store: { kind: 'embedded', dir: databases.tmp },
      stateDir: mkdtempSync(path.join(databases.tmp, 'sampler-')),
      openDb: () =>
        reachable
          ? Promise.resolve({ ...db, close: () => Promise.resolve() })
          : Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    });
    const sampler = startUsageSampler({ remotes, journal, timer: false });
    await sampler.round();
    expect(sampler.pending()).toBe(2);
    expect(lxd.asked).toEqual([
      '/1.0',
      '/1.0/cluster/members?recursion=1',
      '/1.0/metrics?target=m1',
    ]);
    reachable = true;
    await sampler.round();
    expect(sampler.pending()).toBe(0);
    const stored = await db.query<{ instance: string; member: string; cpu_cores: number | null }>(
      "SELECT instance, member, cpu_cores FROM usage_samples WHERE remote = 'cl' AND resolution = 0 ORDER BY at, instance",
    );
    expect(stored.map((r) => [r.instance, r.member, r.cpu_cores === null])).toEqual([
      ['c1', 'm1', true],
      ['web1', 'm1', true],
      ['c1', 'm1', false],
      ['web1', 'm1', false],
    ]);
    expect(Number(stored[2]?.cpu_cores)).toBeGreaterThan(0);
    // Rolled up at start (nothing complete yet, but the roll-up knows where it is).
    expect((await rolledUntil(db, 'cl')).has(300)).toBe(true);
    await sampler.close();
    for (const remote of remotes) remote.upstream.close();
    await lxd.close();
    await journal.close();
  });
});

describe('the console server', () => {
  it('samples its LXD and answers /console/usage; 404 with the journal off', async () => {
    let cpu = 0;
    const lxd = await fakeLxd((url) => {
      if (url === '/1.0') {
        return {
          status: 200,
          body: json({ auth: 'trusted', environment: { server_version: '5.0.2' } }),
        };
      }
      if (url === '/1.0/metrics') {
        cpu += 1;
        return { status: 200, body: metricsText({ c1: cpu, web1: 1 }, 1000) };
      }
      return { status: 404, body: json(null) };
    });
    const base = {
      uiDir: writeUiBuild(databases.tmp),
      host: '127.0.0.1',
      port: 0,
      lxd: { kind: 'socket' as const, path: lxd.socket },
    };
    const server = createConsoleServer({
      ...base,
      journal: {
        store: { kind: 'embedded', dir: path.join(databases.tmp, 'app-db') },
        stateDir: path.join(databases.tmp, 'app-state'),
        usage: { sampleMs: 200 },
      },
    });
    const origin = new URL((await server.listen()).url).origin;
    const ask = async (query: string) => {
      const answer = await fetch(`${origin}/console/usage?${query}`);
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    let points: { cpuCores: number | null }[] = [];
    for (let i = 0; i < 100 && !points.some((p) => p.cpuCores !== null); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await ask('project=default&instance=c1&range=1h');
      expect(answer.status).toBe(200);
      points = answer.body.points as typeof points;
    }
    expect(points.some((p) => p.cpuCores !== null)).toBe(true);
    expect((await ask('project=default&range=1d')).body).toMatchObject({
      error: RANGE_MESSAGE,
      metadata: { field: 'range' },
    });
    await server.close();
    const off = createConsoleServer(base);
    const offOrigin = new URL((await off.listen()).url).origin;
    const answer = await fetch(`${offOrigin}/console/usage?project=default`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: USAGE_OFF, error_code: 404 });
    await off.close();
    await lxd.close();
  }, 30_000);

  it('reads the --usage-* flags, which need the journal', () => {
    const flags: Record<string, string> = {
      'state-dir': databases.tmp,
      'usage-sample-seconds': '30',
      'usage-raw-hours': '48',
      'usage-5m-days': '14',
      'usage-1h-days': '730',
    };
    const config = journalConfig((flag) => flags[flag], {});
    expect(config.journal?.usage).toEqual({
      sampleMs: 30_000,
      rawHours: 48,
      fiveMinuteDays: 14,
      hourDays: 730,
    });
    expect(journalConfig(() => undefined, { HOME: databases.tmp }).journal?.usage).toEqual({
      sampleMs: 15_000,
      ...DEFAULT_USAGE_RETENTION,
    });
    const off: Record<string, string> = { ...flags, journal: 'off' };
    expect(journalConfig((flag) => off[flag], {})).toEqual({});
    const often: Record<string, string> = { 'usage-sample-seconds': '5' };
    expect(() => journalConfig((flag) => often[flag], {})).toThrow(
      new ConsoleError(
        '--usage-sample-seconds must be at least 10 (LXD renews its metrics every 8 s), not "5"',
      ),
    );
    const zero: Record<string, string> = { 'usage-raw-hours': '0' };
    expect(() => journalConfig((flag) => zero[flag], {})).toThrow(
      new ConsoleError('--usage-raw-hours must be a whole number of at least 1, not "0"'),
    );
  });
});

const json = (metadata: unknown) => JSON.stringify({ type: 'sync', status_code: 200, metadata });

/** An LXD on a unix socket that answers each GET with `answer(url)`. */
async function fakeLxd(answer: (url: string) => { status: number; body: string }) {
  const socket = path.join(databases.tmp, `lxd-${String(Math.random()).slice(2)}.socket`);
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const { status, body } = answer(req.url ?? '');
    res.writeHead(status, {
      'Content-Type': body.startsWith('{') ? 'application/json' : 'text/plain; version=0.0.4',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    socket,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function fakeResponse() {
  const res = {
    status: 0,
    body: '',
    headersSent: false,
    req: { method: 'GET' },
    setHeader: () => undefined,
    writeHead(code: number) {
      res.status = code;
      res.headersSent = true;
      return res;
    },
    end(chunk?: string) {
      if (chunk) res.body += chunk;
    },
  };
  return res;
}
