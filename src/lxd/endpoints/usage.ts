/**
 * The console server's usage history: `GET /console/usage` answers the stored samples of an
 * instance, a project (the sum of its instances) or a cluster member over 1 h / 24 h / 7 d /
 * 30 d, sampled by the console server every 15 s whether a browser is open or not. Served by LXD
 * itself (or with the console server's journal off) the path answers 404: there is no history.
 */
import { LxdApiError } from '../client';
import { currentRemote } from '../remote';

export const USAGE_PATH = '/console/usage';

export const USAGE_RANGES = ['1h', '24h', '7d', '30d'] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

/** Whose usage: one instance, a whole project, or a cluster member. */
export type UsageScope =
  | { project: string; instance: string }
  | { project: string; instance?: undefined }
  | { member: string };

export interface StoredUsagePoint {
  /** Milliseconds since the epoch: the sample's moment, or the start of its bucket. */
  time: number;
  cpuCores: number | null;
  memoryBytes: number | null;
  diskBytes: number | null;
  rxBps: number | null;
  txBps: number | null;
}

export interface StoredUsage {
  range: UsageRange;
  /** Seconds per point: 0 for samples as taken (every 15 s), 300 or 3600 for averages. */
  resolution: number;
  points: StoredUsagePoint[];
}

/** The address of a scope's usage over a range, on the page's remote. */
export function usageUrl(scope: UsageScope, range: UsageRange, remote = currentRemote()): string {
  const search = new URLSearchParams();
  if (remote !== null) search.set('remote', remote);
  if ('member' in scope) search.set('member', scope.member);
  else {
    search.set('project', scope.project);
    if (scope.instance !== undefined) search.set('instance', scope.instance);
  }
  search.set('range', range);
  return `${USAGE_PATH}?${search.toString()}`;
}

const numberOrNull = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function readPoint(value: unknown): StoredUsagePoint | null {
  if (typeof value !== 'object' || value === null) return null;
  const point = value as Record<string, unknown>;
  const time = typeof point.time === 'string' ? Date.parse(point.time) : NaN;
  if (Number.isNaN(time)) return null;
  return {
    time,
    cpuCores: numberOrNull(point.cpuCores),
    memoryBytes: numberOrNull(point.memoryBytes),
    diskBytes: numberOrNull(point.diskBytes),
    rxBps: numberOrNull(point.rxBps),
    txBps: numberOrNull(point.txBps),
  };
}

/** The usage over a range, or null when there is no console server keeping it (404). */
export async function fetchStoredUsage(
  scope: UsageScope,
  range: UsageRange,
  signal?: AbortSignal,
): Promise<StoredUsage | null> {
  const response = await fetch(usageUrl(scope, range), {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (response.status === 404) return null;
  if (!response.ok) {
    let message = `The console server answered ${String(response.status)} ${response.statusText}`;
    try {
      const body = (await response.json()) as { error?: unknown } | null;
      if (typeof body?.error === 'string' && body.error) message = body.error;
    } catch {
      // not JSON: the status says it
    }
    throw new LxdApiError(message.trim(), response.status);
  }
  const body = (await response.json()) as Record<string, unknown> | null;
  if (!Array.isArray(body?.points)) throw new Error("The console server's usage: no points");
  return {
    range: (USAGE_RANGES as readonly unknown[]).includes(body.range)
      ? (body.range as UsageRange)
      : range,
    resolution: typeof body.resolution === 'number' ? body.resolution : 0,
    points: body.points.map(readPoint).filter((point) => point !== null),
  };
}
