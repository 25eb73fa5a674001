/**
 * The usage history in the journal's database (table `usage_samples`, migration 2): raw samples
 * (resolution 0), their 5-minute averages (300) and hourly averages (3600), how far each
 * remote has been averaged (`usage_rollups`), retention, and the points of a chart.
 */
import type { JournalDb } from './db';
import type { UsageSample } from './usage-metrics';

type Db = Pick<JournalDb, 'query'>;

export const FIVE_MINUTES = 300;
export const HOUR = 3600;

export interface UsageRetention {
  /** Raw samples are kept this long (hours). */
  rawHours: number;
  /** 5-minute averages (days). */
  fiveMinuteDays: number;
  /** Hourly averages (days). */
  hourDays: number;
}

export const DEFAULT_USAGE_RETENTION: UsageRetention = {
  rawHours: 24,
  fiveMinuteDays: 30,
  hourDays: 365,
};

export const DEFAULT_SAMPLE_MS = 15_000;

/** The sampler's settings (`--usage-*` flags); what is not given takes the default. */
export interface UsageOptions extends Partial<UsageRetention> {
  sampleMs?: number;
}

const VALUES = ['cpu_cores', 'memory_bytes', 'disk_bytes', 'rx_bps', 'tx_bps'] as const;
const COLUMNS = ['resolution', 'remote', 'project', 'instance', 'member', 'at', ...VALUES];
/** Rows per INSERT (PostgreSQL takes at most 65,535 parameters in one statement). */
const BATCH = 2_000;

/** Writes raw samples; one already there (same instance and moment) is left as it is. */
export async function insertSamples(db: Db, samples: readonly UsageSample[]): Promise<void> {
  for (let start = 0; start < samples.length; start += BATCH) {
    const params: unknown[] = [];
    const rows = samples.slice(start, start + BATCH).map((s) => {
      const first = params.length;
      params.push(
        0,
        s.remote,
        s.project,
        s.instance,
        s.member,
        s.at,
        s.cpuCores,
        s.memoryBytes,
        s.diskBytes,
        s.rxBps,
        s.txBps,
      );
      return `(${COLUMNS.map((_, i) => `$${first + i + 1}`).join(',')})`;
    });
    await db.query(
      `INSERT INTO usage_samples (${COLUMNS.join(',')}) VALUES ${rows.join(',')} ON CONFLICT DO NOTHING`,
      params,
    );
  }
}

/** The start of the bucket of `seconds` that holds `time` (buckets from the Unix epoch, UTC). */
export function bucketStart(time: number, seconds: number): number {
  return Math.floor(time / (seconds * 1000)) * seconds * 1000;
}

const bin = (seconds: number, column = 'at') =>
  `date_bin('${String(seconds)} seconds', ${column}, TIMESTAMPTZ '1970-01-01 00:00:00+00')`;
const averages = VALUES.map((v) => `avg(${v})`).join(', ');

/** How far (exclusive) each resolution of a remote is averaged; undefined: not yet. */
export async function rolledUntil(db: Db, remote: string): Promise<Map<number, number>> {
  const rows = await db.query<{ resolution: number; until_at: Date | string }>(
    'SELECT resolution, until_at FROM usage_rollups WHERE remote = $1',
    [remote],
  );
  return new Map(rows.map((row) => [row.resolution, new Date(row.until_at).getTime()]));
}

async function rollOne(
  db: Db,
  remote: string,
  from: number,
  to: number,
  source: number,
  target: number,
): Promise<void> {
  if (to > from) {
    await db.query(
      `INSERT INTO usage_samples (${COLUMNS.join(',')})
       SELECT ${String(target)}, remote, project, instance, max(member), ${bin(target)} AS bucket, ${averages}
       FROM usage_samples
       WHERE resolution = ${String(source)} AND remote = $1 AND at >= $2 AND at < $3
       GROUP BY remote, project, instance, bucket
       ON CONFLICT DO NOTHING`,
      [remote, new Date(from).toISOString(), new Date(to).toISOString()],
    );
  }
  await db.query(
    `INSERT INTO usage_rollups (remote, resolution, until_at) VALUES ($1, $2, $3)
     ON CONFLICT (remote, resolution) DO UPDATE
       SET until_at = GREATEST(usage_rollups.until_at, EXCLUDED.until_at)`,
    [remote, target, new Date(Math.max(from, to)).toISOString()],
  );
}

/**
 * Averages the remote's completed 5-minute buckets of raw samples into resolution 300, then its
 * completed hours of 300 into 3600, from where the last roll-up ended (or as far back as the
 * finer data is kept). Call it only once every raw sample before `now` is written.
 */
export async function rollUp(
  db: Db,
  remote: string,
  retention: UsageRetention,
  now = Date.now(),
): Promise<void> {
  const done = await rolledUntil(db, remote);
  const fiveTo = bucketStart(now, FIVE_MINUTES);
  const fiveFrom = done.get(FIVE_MINUTES) ?? bucketStart(now - retention.rawHours * 3.6e6, 300);
  await rollOne(db, remote, fiveFrom, fiveTo, 0, FIVE_MINUTES);
  const fiveDone = Math.max(fiveFrom, fiveTo);
  const hourTo = bucketStart(Math.min(now, fiveDone), HOUR);
  const hourFrom = done.get(HOUR) ?? bucketStart(now - retention.fiveMinuteDays * 8.64e7, HOUR);
  await rollOne(db, remote, hourFrom, hourTo, FIVE_MINUTES, HOUR);
}

/** Deletes samples older than the retention of their resolution. Returns how many went. */
export async function applyUsageRetention(
  db: Db,
  retention: UsageRetention,
  now = Date.now(),
): Promise<number> {
  let gone = 0;
  for (const [resolution, ms] of [
    [0, retention.rawHours * 3.6e6],
    [FIVE_MINUTES, retention.fiveMinuteDays * 8.64e7],
    [HOUR, retention.hourDays * 8.64e7],
  ] as const) {
    const rows = await db.query<{ n: string | number }>(
      `WITH gone AS (DELETE FROM usage_samples WHERE resolution = $1 AND at < $2 RETURNING 1)
       SELECT count(*) AS n FROM gone`,
      [resolution, new Date(now - ms).toISOString()],
    );
    gone += Number(rows[0]?.n ?? 0);
  }
  return gone;
}

export const RANGES = ['1h', '24h', '7d', '30d'] as const;
export type UsageRange = (typeof RANGES)[number];

export const RANGE_MS: Readonly<Record<UsageRange, number>> = {
  '1h': 3.6e6,
  '24h': 8.64e7,
  '7d': 7 * 8.64e7,
  '30d': 30 * 8.64e7,
};

/** The resolution a chart of each range is drawn at. */
export const RANGE_RESOLUTION: Readonly<Record<UsageRange, 0 | 300 | 3600>> = {
  '1h': 0,
  '24h': FIVE_MINUTES,
  '7d': FIVE_MINUTES,
  '30d': HOUR,
};

/** Whose usage: one instance, a project (the sum of its instances), or a cluster member's. */
export type UsageScope =
  | { kind: 'instance'; remote: string; project: string; instance: string }
  | { kind: 'project'; remote: string; project: string }
  | {
      kind: 'member';
      remote: string;
      member: string;
      /** Only the instances of these projects (a user who cannot see every project). */
      projects?: readonly string[];
    };

export interface UsagePoint {
  /** ISO 8601: the sample's moment, or the start of its bucket. */
  time: string;
  cpuCores: number | null;
  memoryBytes: number | null;
  diskBytes: number | null;
  rxBps: number | null;
  txBps: number | null;
}

export interface UsageHistory {
  range: UsageRange;
  resolution: 0 | 300 | 3600;
  points: UsagePoint[];
}

interface PointRow {
  at: Date | string;
  cpu_cores: number | string | null;
  memory_bytes: number | string | null;
  disk_bytes: number | string | null;
  rx_bps: number | string | null;
  tx_bps: number | string | null;
}

const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/**
 * The points of a chart: the range's resolution where it is averaged already, and past the last
 * roll-up the finer data averaged the same way on the fly (the current hour of a 30-day chart).
 * A project or member is the sum over its instances of each instance's average per bucket.
 */
export async function queryUsage(
  db: Db,
  scope: UsageScope,
  range: UsageRange,
  now = Date.now(),
): Promise<UsageHistory> {
  const resolution = RANGE_RESOLUTION[range];
  const from = now - RANGE_MS[range];
  const params: unknown[] = [scope.remote];
  const param = (value: unknown) => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  let where = 'remote = $1';
  if (scope.kind === 'member') {
    where += ` AND member = ${param(scope.member)}`;
    if (scope.projects) where += ` AND project = ANY(${param([...scope.projects])})`;
  } else {
    where += ` AND project = ${param(scope.project)}`;
    if (scope.kind === 'instance') where += ` AND instance = ${param(scope.instance)}`;
  }
  const done = resolution === 0 ? new Map<number, number>() : await rolledUntil(db, scope.remote);
  const time = (ms: number) => `${param(new Date(ms).toISOString())}::timestamptz`;
  const values = VALUES.join(', ');
  // Each level: per instance and moment, the stored rows before the roll-up's end, then the
  // finer level past it, averaged into this level's buckets.
  const fiveDone = done.get(FIVE_MINUTES) ?? 0;
  const hourDone = done.get(HOUR) ?? 0;
  const raw = `SELECT project, instance, at, ${values} FROM usage_samples
    WHERE resolution = 0 AND ${where} AND at >= ${time(resolution === 0 ? from : Math.max(from, fiveDone))}`;
  const averaged = (source: string, seconds: number) =>
    `SELECT project, instance, ${bin(seconds)} AS at, ${averages} FROM (${source}) AS finer
     GROUP BY 1, 2, 3`;
  const stored = (seconds: number, start: number, end: number) =>
    `SELECT project, instance, at, ${values} FROM usage_samples
     WHERE resolution = ${String(seconds)} AND ${where} AND at >= ${time(start)} AND at < ${time(end)}`;
  const five = (start: number) =>
    `${stored(FIVE_MINUTES, start, fiveDone)} UNION ALL ${averaged(raw, FIVE_MINUTES)}`;
  const level =
    resolution === 0
      ? raw
      : resolution === FIVE_MINUTES
        ? five(from)
        : `${stored(HOUR, from, hourDone)} UNION ALL ${averaged(five(Math.max(from, hourDone)), HOUR)}`;
  const rows = await db.query<PointRow>(
    `SELECT at, ${VALUES.map((v) => `sum(${v}) AS ${v}`).join(', ')}
     FROM (${level}) AS points GROUP BY at ORDER BY at`,
    params,
  );
  return {
    range,
    resolution,
    points: rows.map((row) => ({
      time: new Date(row.at).toISOString(),
      cpuCores: num(row.cpu_cores),
      memoryBytes: num(row.memory_bytes),
      diskBytes: num(row.disk_bytes),
      rxBps: num(row.rx_bps),
      txBps: num(row.tx_bps),
    })),
  };
}
