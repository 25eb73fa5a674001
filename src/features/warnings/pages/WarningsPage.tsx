import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useNotify } from '../../../shared/notifications';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import type { LxdWarning } from '../api';
import { WarningsTable } from '../components/WarningsTable';
import {
  DEFAULT_WARNING_STATUS,
  WARNING_SEVERITIES,
  WARNING_STATUSES,
  filterWarnings,
  readWarningFilters,
  useAcknowledgeWarning,
  useDeleteWarning,
  warningsQuery,
} from '../queries';
import '../warnings.scss';
import { RefreshButton } from '../../../shared/ui/RefreshButton';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** /ui/warnings: the server's warnings, new ones by default (spec §2). */
export function WarningsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readWarningFilters(params), [params]);
  const warnings = useQuery(warningsQuery);
  const acknowledge = useAcknowledgeWarning();
  const remove = useDeleteWarning();
  const notify = useNotify();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(
    () => (warnings.data ? filterWarnings(warnings.data, filters) : []),
    [warnings.data, filters],
  );

  const setFilter = (name: 'status' | 'severity', value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  const onAcknowledge = (warning: LxdWarning) => {
    setBusy((current) => new Set(current).add(warning.uuid));
    acknowledge.mutate(warning, {
      onSuccess: () => notify.success('Warning acknowledged', warning.type),
      onError: (error) => notify.failure('Warning acknowledgement failed', error),
      onSettled: () => {
        setBusy((current) => {
          const next = new Set(current);
          next.delete(warning.uuid);
          return next;
        });
      },
    });
  };

  return (
    <section className="page warnings-page" aria-label="Warnings">
      <PageHeader title="Warnings">
        <div className="warnings-filter">
          <label htmlFor="warnings-status">Status</label>
          <select
            id="warnings-status"
            value={filters.status}
            onChange={(event) => {
              setFilter('status', event.target.value, DEFAULT_WARNING_STATUS);
            }}
          >
            <option value="all">All statuses</option>
            {WARNING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {capitalise(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="warnings-filter">
          <label htmlFor="warnings-severity">Severity</label>
          <select
            id="warnings-severity"
            value={filters.severity}
            onChange={(event) => {
              setFilter('severity', event.target.value, 'all');
            }}
          >
            <option value="all">All severities</option>
            {WARNING_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {capitalise(severity)}
              </option>
            ))}
          </select>
        </div>
        <RefreshButton fetching={warnings.isFetching} onRefresh={() => void warnings.refetch()} />
      </PageHeader>

      {warnings.isPending && <p role="status">Loading warnings…</p>}
      {warnings.error && (
        <ErrorNotice
          title="Could not load warnings"
          error={warnings.error}
          onRetry={() => void warnings.refetch()}
        />
      )}
      {warnings.data && shown.length === 0 && (
        <EmptyState title="No warnings">
          <p>
            {warnings.data.length === 0
              ? 'The server reports no warnings.'
              : 'No warning matches these filters.'}
          </p>
        </EmptyState>
      )}
      {shown.length > 0 && (
        <div className="warnings-scroll">
          <WarningsTable
            warnings={shown}
            busy={busy}
            onAcknowledge={onAcknowledge}
            onDelete={(warning) =>
              remove
                .mutateAsync(warning)
                .then(() => notify.success('Warning deleted', warning.type))
            }
          />
        </div>
      )}
    </section>
  );
}
