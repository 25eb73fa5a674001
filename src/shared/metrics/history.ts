/** The usage history behind the small charts: spec §4 and §9, the last 6 entries. */
import type { UsageSample } from '../../lxd/endpoints/metrics';

export const METRIC_HISTORY_LENGTH = 6;

/** Polled this often while the page is visible. */
export const METRICS_REFRESH_MS = 15_000;
/**
 * LXD answers /1.0/metrics from a cache of its last collection, so a container started a
 * moment ago is missing from it for up to ~15 s: a screen waiting for one asks again sooner,
 * this often at most.
 */
export const METRICS_MISSING_RETRY_MS = 3000;
export const METRICS_MISSING_RETRIES = 5;

/** Adds a sample (a repeat of the newest moment replaces it) and keeps the last 6. */
export function appendSample(history: readonly UsageSample[], sample: UsageSample): UsageSample[] {
  const last = history[history.length - 1];
  const kept = last && last.time >= sample.time ? history.slice(0, -1) : history;
  return [...kept, sample].slice(-METRIC_HISTORY_LENGTH);
}

/** Appends each instance's sample to its history; instances no longer reported are dropped. */
export function appendAll(
  histories: ReadonlyMap<string, readonly UsageSample[]>,
  samples: ReadonlyMap<string, UsageSample>,
): Map<string, UsageSample[]> {
  const next = new Map<string, UsageSample[]>();
  for (const [key, sample] of samples)
    next.set(key, appendSample(histories.get(key) ?? [], sample));
  return next;
}

/** What the charts draw: per entry, CPU % of one CPU and network bytes per second since the
 * entry before (null for the first), memory and disk bytes. */
export interface ChartData {
  times: number[];
  cpuPercent: (number | null)[];
  memoryBytes: number[];
  diskBytes: (number | null)[];
  receivedPerSecond: (number | null)[];
  sentPerSecond: (number | null)[];
}

function rate(current: number, previous: number | undefined, seconds: number): number | null {
  if (previous === undefined || seconds <= 0 || current < previous) return null;
  return (current - previous) / seconds;
}

export function chartData(history: readonly UsageSample[]): ChartData {
  const data: ChartData = {
    times: [],
    cpuPercent: [],
    memoryBytes: [],
    diskBytes: [],
    receivedPerSecond: [],
    sentPerSecond: [],
  };
  history.forEach((sample, index) => {
    const previous = index > 0 ? history[index - 1] : undefined;
    const seconds = previous ? (sample.time - previous.time) / 1000 : 0;
    data.times.push(sample.time / 1000);
    const cpu = rate(sample.cpuSeconds, previous?.cpuSeconds, seconds);
    data.cpuPercent.push(cpu === null ? null : Math.round(cpu * 1000) / 10);
    data.memoryBytes.push(sample.memoryBytes);
    data.diskBytes.push(sample.diskBytes ?? null);
    data.receivedPerSecond.push(rate(sample.receivedBytes, previous?.receivedBytes, seconds));
    data.sentPerSecond.push(rate(sample.sentBytes, previous?.sentBytes, seconds));
  });
  return data;
}
