import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { acknowledgeWarning, deleteWarning, fetchWarnings } from '../../lxd/endpoints/warnings';
import type { LxdWarning, WarningSeverity, WarningStatus } from '../../lxd/types/warning';
import type { ListRows } from '../../shared/pages';
import { useSearchParams } from '../../shared/routing/router';
import { warningEventPrefixes, warningKeyRoot } from './events';

export { warningEventPrefixes };

export const warningKeys = {
  all: warningKeyRoot,
};

export const warningsQuery = queryOptions({
  queryKey: warningKeys.all,
  queryFn: ({ signal }) => fetchWarnings(signal),
});

export const WARNING_STATUSES: readonly WarningStatus[] = ['new', 'acknowledged', 'resolved'];
export const WARNING_SEVERITIES: readonly WarningSeverity[] = ['low', 'moderate', 'high'];
export const DEFAULT_WARNING_STATUS: WarningStatus = 'new';

export interface WarningFilters {
  status: WarningStatus | 'all';
  severity: WarningSeverity | 'all';
}

function parseFilter<T extends string>(
  value: string | null,
  allowed: readonly T[],
  fallback: T | 'all',
) {
  if (value === 'all') return 'all';
  return allowed.find((item) => item === value) ?? fallback;
}

/** Filters from the page's search parameters: status 'new' and any severity by default. */
export function readWarningFilters(params: URLSearchParams): WarningFilters {
  return {
    status: parseFilter(params.get('status'), WARNING_STATUSES, DEFAULT_WARNING_STATUS),
    severity: parseFilter(params.get('severity'), WARNING_SEVERITIES, 'all'),
  };
}

/** Epoch ms of an LXD timestamp (nanosecond fractions cut to milliseconds). */
export function timeValue(value: string): number {
  const time = Date.parse(value.replace(/\.(\d{1,3})\d*/, '.$1'));
  return Number.isNaN(time) ? 0 : time;
}

/** The warnings matching the filters, most recently seen first. */
export function filterWarnings(warnings: readonly LxdWarning[], filters: WarningFilters) {
  return warnings
    .filter((warning) => filters.status === 'all' || warning.status === filters.status)
    .filter((warning) => filters.severity === 'all' || warning.severity === filters.severity)
    .sort((a, b) => timeValue(b.last_seen_at) - timeValue(a.last_seen_at));
}

export function useAcknowledgeWarning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (warning: LxdWarning) => acknowledgeWarning(warning.uuid),
    onSettled: () => client.invalidateQueries({ queryKey: warningKeys.all }),
  });
}

export function useDeleteWarning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (warning: LxdWarning) => deleteWarning(warning.uuid),
    onSettled: () => client.invalidateQueries({ queryKey: warningKeys.all }),
  });
}

/** The list's rows: the warnings matching the status and severity in the address. */
export function useWarningRows(): ListRows<LxdWarning> {
  const [params] = useSearchParams();
  const warnings = useQuery(warningsQuery);
  const filters = useMemo(() => readWarningFilters(params), [params]);
  const rows = useMemo(
    () => (warnings.data ? filterWarnings(warnings.data, filters) : undefined),
    [warnings.data, filters],
  );
  return { rows, query: warnings };
}
