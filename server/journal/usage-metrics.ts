/**
 * LXD's /1.0/metrics (OpenMetrics text) read into one reading per instance, and readings turned
 * into the samples the usage history stores: gauges as they are, counters (CPU seconds, network
 * bytes) as rates since the instance's previous reading.
 *
 * The figures mean what the console's own charts show (src/lxd/endpoints/metrics.ts, which the
 * server cannot import): CPU = `cpu_seconds_total` summed over CPUs and every mode but idle and
 * iowait; memory = `memory_MemTotal_bytes` − `memory_MemFree_bytes`; disk =
 * `filesystem_size_bytes` − `filesystem_free_bytes` at mountpoint "/"; network =
 * `network_{receive,transmit}_bytes_total` over every device but `lo`. Incus names the same
 * metrics `incus_*`. Measured on LXD 5.0.2: without `?project=` the answer covers every project
 * (a restricted identity gets 403 and must ask per project); only running instances appear; a
 * series may be printed twice in one answer (the last copy counts).
 */

/** What one answer says of one instance at one moment. */
export interface UsageReading {
  project: string;
  instance: string;
  cpuSeconds: number;
  memoryBytes: number | null;
  diskBytes: number | null;
  rxBytes: number;
  txBytes: number;
}

/** One stored sample (resolution 0): gauges, and rates since the instance's previous reading. */
export interface UsageSample {
  remote: string;
  project: string;
  instance: string;
  member: string;
  /** ISO 8601: the sampling round's moment (the same for every instance of a round). */
  at: string;
  cpuCores: number | null;
  memoryBytes: number | null;
  diskBytes: number | null;
  rxBps: number | null;
  txBps: number | null;
}

const PREFIXES = ['lxd_', 'incus_'];

function parseValue(text: string): number {
  if (text === '+Inf' || text === 'Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  return text === '' ? NaN : Number(text);
}

/** `{a="x",b="y\"z"}` from `start` (the "{"): the labels and the index after "}"; or null. */
function parseLabels(line: string, start: number): [Map<string, string>, number] | null {
  const labels = new Map<string, string>();
  let i = start + 1;
  while (i < line.length && line[i] !== '}') {
    const eq = line.indexOf('=', i);
    if (eq < 0 || line[eq + 1] !== '"') return null;
    const key = line.slice(i, eq).trim();
    let value = '';
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j += 1) {
      if (line[j] === '\\') {
        j += 1;
        value += line[j] === 'n' ? '\n' : (line[j] ?? '');
      } else value += line.charAt(j);
    }
    if (j >= line.length) return null;
    labels.set(key, value);
    i = j + 1;
    if (line[i] === ',') i += 1;
  }
  return line[i] === '}' ? [labels, i + 1] : null;
}

interface Totals {
  cpu: number;
  memTotal?: number;
  memFree?: number;
  fsSize?: number;
  fsFree?: number;
  rx: number;
  tx: number;
}

/** The metrics this reader keeps, without their product prefix. */
const WANTED = new Set([
  'cpu_seconds_total',
  'memory_MemTotal_bytes',
  'memory_MemFree_bytes',
  'filesystem_size_bytes',
  'filesystem_free_bytes',
  'network_receive_bytes_total',
  'network_transmit_bytes_total',
]);

/** One reading per instance of an OpenMetrics answer (malformed lines are left out). */
export function parseUsage(text: string): UsageReading[] {
  // Series by their line up to the value: a repeated series keeps its last value.
  const series = new Map<string, { base: string; labels: Map<string, string>; value: number }>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const prefix = PREFIXES.find((candidate) => line.startsWith(candidate));
    if (prefix === undefined) continue;
    const brace = line.indexOf('{');
    if (brace < 0) continue;
    const base = line.slice(prefix.length, brace);
    if (!WANTED.has(base)) continue;
    const parsed = parseLabels(line, brace);
    if (!parsed) continue;
    const [labels, end] = parsed;
    const value = parseValue(line.slice(end).trim().split(/\s+/)[0] ?? '');
    if (!Number.isFinite(value)) continue;
    series.set(line.slice(0, end), { base, labels, value });
  }
  const totals = new Map<string, { project: string; instance: string; totals: Totals }>();
  for (const { base, labels, value } of series.values()) {
    const project = labels.get('project');
    const instance = labels.get('name');
    if (!project || !instance) continue;
    const key = `${project}/${instance}`;
    let found = totals.get(key);
    if (!found) {
      found = { project, instance, totals: { cpu: 0, rx: 0, tx: 0 } };
      totals.set(key, found);
    }
    const t = found.totals;
    const mode = labels.get('mode');
    const root = labels.get('mountpoint') === '/';
    const device = labels.get('device');
    if (base === 'cpu_seconds_total' && mode !== 'idle' && mode !== 'iowait') t.cpu += value;
    else if (base === 'memory_MemTotal_bytes') t.memTotal = value;
    else if (base === 'memory_MemFree_bytes') t.memFree = value;
    else if (base === 'filesystem_size_bytes' && root) t.fsSize = value;
    else if (base === 'filesystem_free_bytes' && root) t.fsFree = value;
    else if (base === 'network_receive_bytes_total' && device !== 'lo') t.rx += value;
    else if (base === 'network_transmit_bytes_total' && device !== 'lo') t.tx += value;
  }
  return [...totals.values()].map(({ project, instance, totals: t }) => ({
    project,
    instance,
    cpuSeconds: t.cpu,
    memoryBytes:
      t.memTotal !== undefined && t.memFree !== undefined ? t.memTotal - t.memFree : null,
    diskBytes: t.fsSize !== undefined && t.fsFree !== undefined ? t.fsSize - t.fsFree : null,
    rxBytes: t.rx,
    txBytes: t.tx,
  }));
}

interface Previous {
  /** When the answer arrived (ms). */
  time: number;
  cpuSeconds: number;
  rxBytes: number;
  txBytes: number;
}

function rate(current: number, previous: number | undefined, seconds: number): number | null {
  if (previous === undefined || seconds <= 0 || current < previous) return null;
  return (current - previous) / seconds;
}

/**
 * Turns readings into samples, keeping each instance's previous reading (per remote) for the
 * counters' rates. The first reading of an instance, or one after its counters went back (a
 * restart), has no rates.
 */
export function createRates(forgetAfterMs: number) {
  const previous = new Map<string, Previous>();
  return {
    samples(
      remote: string,
      member: string,
      readings: readonly UsageReading[],
      /** When the answer arrived (ms): the rates' interval. */
      time: number,
      /** The round's moment, stored. */
      at: string,
    ): UsageSample[] {
      return readings.map((reading) => {
        const key = JSON.stringify([remote, reading.project, reading.instance]);
        const before = previous.get(key);
        const seconds = before ? (time - before.time) / 1000 : 0;
        previous.set(key, {
          time,
          cpuSeconds: reading.cpuSeconds,
          rxBytes: reading.rxBytes,
          txBytes: reading.txBytes,
        });
        return {
          remote,
          project: reading.project,
          instance: reading.instance,
          member,
          at,
          cpuCores: rate(reading.cpuSeconds, before?.cpuSeconds, seconds),
          memoryBytes: reading.memoryBytes,
          diskBytes: reading.diskBytes,
          rxBps: rate(reading.rxBytes, before?.rxBytes, seconds),
          txBps: rate(reading.txBytes, before?.txBytes, seconds),
        };
      });
    },
    /** Forgets instances not read for a while (stopped, deleted, moved elsewhere). */
    prune(now: number): void {
      for (const [key, reading] of previous) {
        if (now - reading.time > forgetAfterMs) previous.delete(key);
      }
    },
  };
}
