/**
 * Polls usage every 15 s while the page is visible and keeps the last 6 samples per instance:
 * from GET /1.0/metrics when the identity may view metrics (server ability viewMetrics) and the
 * server answers, otherwise from the instance state counters.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { fetchMetricsUsage, type UsageSample } from '../../lxd/endpoints/metrics';
import { usePermissions } from '../permissions/usePermissions';
import {
  METRICS_MISSING_RETRIES,
  METRICS_MISSING_RETRY_MS,
  METRICS_REFRESH_MS,
  appendAll,
} from './history';

export const metricsKeys = {
  all: ['metrics'] as const,
  project: (project: string) => ['metrics', 'openmetrics', project] as const,
  fallback: (project: string, scope: string) => ['metrics', 'state', project, scope] as const,
};

export type UsageSource = 'metrics' | 'state';

export interface UsageHistory {
  /** Per instance ("project/name"), oldest first, at most 6. */
  histories: ReadonlyMap<string, readonly UsageSample[]>;
  source: UsageSource;
  /** Why /1.0/metrics is not used, when it is not. */
  fallbackReason: string | undefined;
  isPending: boolean;
  error: Error | null;
}

export function useUsageHistory({
  project,
  scope,
  enabled,
  fallback,
  awaited,
}: {
  project: string;
  /** Names the fallback's data: the instance, or "" for the whole project. */
  scope: string;
  enabled: boolean;
  fallback: (signal: AbortSignal) => Promise<Map<string, UsageSample>>;
  /** The instance ("project/name") the screen shows: asked again sooner while LXD omits it. */
  awaited?: string | undefined;
}): UsageHistory {
  const denied = usePermissions().onServer('viewMetrics');
  // When LXD's first answer without the awaited instance came (the refetchInterval function runs
  // at every render too, so it must not count calls).
  const missingSince = useRef<number | null>(null);
  const metrics = useQuery({
    queryKey: metricsKeys.project(project),
    queryFn: ({ signal }) => fetchMetricsUsage(project, signal),
    enabled: enabled && !denied,
    refetchInterval: (query) => {
      const { data: answer, dataUpdatedAt } = query.state;
      if (awaited === undefined || !answer || answer.has(awaited)) {
        missingSince.current = null;
        return METRICS_REFRESH_MS;
      }
      missingSince.current ??= dataUpdatedAt;
      const quickFor = METRICS_MISSING_RETRIES * METRICS_MISSING_RETRY_MS;
      return dataUpdatedAt - missingSince.current < quickFor
        ? METRICS_MISSING_RETRY_MS
        : METRICS_REFRESH_MS;
    },
    retry: false,
    staleTime: 0,
  });
  const metricsFailed = denied !== undefined || metrics.isError;
  const state = useQuery({
    queryKey: metricsKeys.fallback(project, scope),
    queryFn: ({ signal }) => fallback(signal),
    enabled: enabled && metricsFailed,
    refetchInterval: METRICS_REFRESH_MS,
    staleTime: 0,
  });
  const active = metricsFailed ? state : metrics;
  const source: UsageSource = metricsFailed ? 'state' : 'metrics';

  const [histories, setHistories] = useState<{
    source: UsageSource;
    at: number;
    map: Map<string, UsageSample[]>;
  }>({ source, at: 0, map: new Map() });
  const { data, dataUpdatedAt } = active;
  // Each answer is appended once (state adjusted while rendering, as React advises over an effect).
  if (data && (histories.source !== source || histories.at !== dataUpdatedAt)) {
    // Another source counts differently: start over rather than mix the two.
    const base = histories.source === source ? histories.map : new Map<string, UsageSample[]>();
    setHistories({ source, at: dataUpdatedAt, map: appendAll(base, data) });
  }

  return {
    histories: histories.source === source ? histories.map : new Map(),
    source,
    fallbackReason:
      denied ??
      (metrics.error ? `The server did not give metrics: ${metrics.error.message}` : undefined),
    isPending: active.isPending,
    error: active.error,
  };
}
