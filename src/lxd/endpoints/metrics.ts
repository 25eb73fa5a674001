/**
 * GET /1.0/metrics: LXD's OpenMetrics text (for trusted clients allowed to view metrics), read
 * into per-instance usage: CPU seconds, memory, root disk and network bytes. Instance state
 * counters (GET /1.0/instances/{name}/state) give the same figures where metrics are missing.
 *
 * Measured on LXD 5.0.2: only running instances appear; a series may be printed twice in one
 * answer (the last copy counts here); `?project=` limits the answer to that project and a client
 * that may not see metrics gets 403. Incus prints the same metrics named `incus_*` instead of
 * `lxd_*`; both are read.
 */
import { get } from '../client';
import { PRODUCT_NAMES } from '../product';
import type { LxdInstance, LxdInstanceState } from '../types/instance';
import { getText } from '../client';
import { fetchInstanceState } from './instances';

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The usage of one instance at one moment. */
export interface UsageSample {
  /** Milliseconds since the epoch. */
  time: number;
  /** CPU time used so far (all CPUs, every mode but idle), in seconds. */
  cpuSeconds: number;
  memoryBytes: number;
  /** Used bytes of the root file system; undefined when LXD does not report it. */
  diskBytes: number | undefined;
  /** Bytes received and sent so far on every interface but loopback. */
  receivedBytes: number;
  sentBytes: number;
}

export function fetchMetrics(project: string, signal?: AbortSignal): Promise<string> {
  return getText('/1.0/metrics', { project, signal });
}

/** Usage per instance ("project/name") of a project from /1.0/metrics, read now. */
export async function fetchMetricsUsage(
  project: string,
  signal?: AbortSignal,
): Promise<Map<string, UsageSample>> {
  const text = await fetchMetrics(project, signal);
  return usageByInstance(parseMetrics(text), Date.now());
}

const isActive = (status: string | undefined) => status === 'Running' || status === 'Frozen';

/** The fallback for one instance: its state counters. */
export async function fetchInstanceStateUsage(
  project: string,
  name: string,
  signal?: AbortSignal,
): Promise<Map<string, UsageSample>> {
  const state = await fetchInstanceState(name, project, signal);
  const result = new Map<string, UsageSample>();
  if (isActive(state.status))
    result.set(instanceKey(project, name), usageFromState(state, Date.now()));
  return result;
}

/** The fallback for a project: every running instance's state (recursion=2). */
export async function fetchProjectStateUsage(
  project: string,
  signal?: AbortSignal,
): Promise<Map<string, UsageSample>> {
  const instances = await get<(LxdInstance & { state?: LxdInstanceState | null })[]>(
    '/1.0/instances',
    { project, recursion: 2, signal },
  );
  const time = Date.now();
  const result = new Map<string, UsageSample>();
  for (const instance of instances) {
    if (instance.state && isActive(instance.state.status)) {
      result.set(
        instanceKey(instance.project, instance.name),
        usageFromState(instance.state, time),
      );
    }
  }
  return result;
}

function parseValue(text: string): number {
  if (text === '+Inf' || text === 'Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  return Number(text);
}

/** Reads `{a="x",b="y\"z"}` from `start` (the "{"): the labels and the index after "}". */
function parseLabels(line: string, start: number): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  let i = start + 1;
  while (i < line.length && line[i] !== '}') {
    const eq = line.indexOf('=', i);
    if (eq < 0 || line[eq + 1] !== '"') throw new Error(`Malformed labels: ${line}`);
    const key = line.slice(i, eq).trim();
    let value = '';
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] === '\\') {
        j++;
        const escaped = line[j];
        value += escaped === 'n' ? '\n' : (escaped ?? '');
      } else {
        value += line.charAt(j);
      }
    }
    if (j >= line.length) throw new Error(`Malformed labels: ${line}`);
    labels[key] = value;
    i = j + 1;
    if (line[i] === ',') i++;
  }
  if (line[i] !== '}') throw new Error(`Malformed labels: ${line}`);
  return [labels, i + 1];
}

/**
 * The samples of an OpenMetrics (or Prometheus text) answer, comments and blank lines left out.
 * A series that appears more than once keeps its last value, in the place it first had.
 */
export function parseMetrics(text: string): MetricSample[] {
  const series = new Map<string, MetricSample>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const brace = line.indexOf('{');
    const space = line.indexOf(' ');
    let name: string;
    let labels: Record<string, string> = {};
    let rest: string;
    if (brace >= 0 && (space < 0 || brace < space)) {
      name = line.slice(0, brace);
      const [parsed, end] = parseLabels(line, brace);
      labels = parsed;
      rest = line.slice(end).trim();
    } else {
      if (space < 0) continue;
      name = line.slice(0, space);
      rest = line.slice(space + 1).trim();
    }
    const [valueText = ''] = rest.split(/\s+/);
    const value = parseValue(valueText);
    if (Number.isNaN(value) && valueText !== 'NaN') continue;
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    series.set(key, { name, labels, value });
  }
  return [...series.values()];
}

const METRIC_PREFIXES = Object.values(PRODUCT_NAMES).map((names) => names.metricPrefix);

/**
 * A metric's name without its product prefix (`lxd_cpu_seconds_total` and
 * `incus_cpu_seconds_total` are both `cpu_seconds_total`); undefined for other metrics.
 */
export function metricBaseName(name: string): string | undefined {
  const prefix = METRIC_PREFIXES.find((candidate) => name.startsWith(candidate));
  return prefix === undefined ? undefined : name.slice(prefix.length);
}

/** "project/name", the key of an instance in the maps below. */
export const instanceKey = (project: string, name: string) => `${project}/${name}`;

interface Totals {
  cpu: number;
  memTotal?: number;
  memFree?: number;
  fsSize?: number;
  fsFree?: number;
  received: number;
  sent: number;
}

/** Usage per instance ("project/name") from the samples of one answer read at `time`. */
export function usageByInstance(samples: MetricSample[], time: number): Map<string, UsageSample> {
  const partial = new Map<string, Totals>();
  const entry = (sample: MetricSample) => {
    const { name, project } = sample.labels;
    if (!name || !project) return undefined;
    const key = instanceKey(project, name);
    let found = partial.get(key);
    if (!found) {
      found = { cpu: 0, received: 0, sent: 0 };
      partial.set(key, found);
    }
    return found;
  };
  for (const sample of samples) {
    const usage = entry(sample);
    if (!usage || !Number.isFinite(sample.value)) continue;
    const { labels } = sample;
    switch (metricBaseName(sample.name)) {
      case 'cpu_seconds_total':
        if (labels.mode !== 'idle' && labels.mode !== 'iowait') usage.cpu += sample.value;
        break;
      case 'memory_MemTotal_bytes':
        usage.memTotal = sample.value;
        break;
      case 'memory_MemFree_bytes':
        usage.memFree = sample.value;
        break;
      case 'filesystem_size_bytes':
        if (labels.mountpoint === '/') usage.fsSize = sample.value;
        break;
      case 'filesystem_free_bytes':
        if (labels.mountpoint === '/') usage.fsFree = sample.value;
        break;
      case 'network_receive_bytes_total':
        if (labels.device !== 'lo') usage.received += sample.value;
        break;
      case 'network_transmit_bytes_total':
        if (labels.device !== 'lo') usage.sent += sample.value;
        break;
      default:
        break;
    }
  }
  const result = new Map<string, UsageSample>();
  for (const [key, usage] of partial) {
    result.set(key, {
      time,
      cpuSeconds: usage.cpu,
      memoryBytes:
        usage.memTotal !== undefined && usage.memFree !== undefined
          ? usage.memTotal - usage.memFree
          : 0,
      diskBytes:
        usage.fsSize !== undefined && usage.fsFree !== undefined
          ? usage.fsSize - usage.fsFree
          : undefined,
      receivedBytes: usage.received,
      sentBytes: usage.sent,
    });
  }
  return result;
}

/** The same figures from an instance's state (the fallback without /1.0/metrics). */
export function usageFromState(state: LxdInstanceState, time: number): UsageSample {
  let receivedBytes = 0;
  let sentBytes = 0;
  for (const [device, network] of Object.entries(state.network ?? {})) {
    if (device === 'lo' || network.type === 'loopback') continue;
    receivedBytes += network.counters?.bytes_received ?? 0;
    sentBytes += network.counters?.bytes_sent ?? 0;
  }
  return {
    time,
    cpuSeconds: (state.cpu?.usage ?? 0) / 1e9,
    memoryBytes: state.memory?.usage ?? 0,
    diskBytes: state.disk?.root?.usage,
    receivedBytes,
    sentBytes,
  };
}
