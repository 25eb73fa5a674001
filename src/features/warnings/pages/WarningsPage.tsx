import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '../../../shared/routing/router';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import type { LxdWarning } from '../api';
import { BulkWarningActions } from '../components/BulkWarningActions';
import {
  DEFAULT_SORT,
  WARNING_COLUMNS,
  WARNING_LIST_ID,
  WarningActions,
  type WarningBusy,
} from '../components/warningColumns';
import {
  DEFAULT_WARNING_STATUS,
  WARNING_SEVERITIES,
  WARNING_STATUSES,
  filterWarnings,
  readWarningFilters,
  useAcknowledgeWarning,
  useDeleteWarning,
  warningKeys,
  warningsQuery,
} from '../queries';
import '../warnings.scss';
import { RefreshButton } from '../../../shared/ui/RefreshButton';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const NOUN = { one: 'warning', other: 'warnings' };
const SEARCH: ListSearch<LxdWarning> = {
  label: 'Search warnings',
  placeholder: 'Search type, message or project',
  compile: (term) => {
    const words = term.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (warning) => {
      const text = [warning.type, warning.last_message, warning.project].join(' ').toLowerCase();
      return words.every((word) => text.includes(word));
    };
  },
};
const rowKey = (warning: LxdWarning) => warning.uuid;
const rowLabel = (warning: LxdWarning) => warning.type;

/** /ui/warnings: the server's warnings, new ones by default (spec §2). */
export function WarningsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readWarningFilters(params), [params]);
  const warnings = useQuery(warningsQuery);
  const { mutate: acknowledge } = useAcknowledgeWarning();
  const { mutateAsync: remove } = useDeleteWarning();
  const notify = useNotify();
  const client = useQueryClient();
  const changeReason = usePermissions().onServer('changeWarnings');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const filtered = useMemo(
    () => (warnings.data ? filterWarnings(warnings.data, filters) : undefined),
    [warnings.data, filters],
  );
  const selectDisabledReason = useCallback(() => changeReason, [changeReason]);
  const view = useListView<LxdWarning, WarningBusy>({
    id: WARNING_LIST_ID,
    rows: filtered,
    columns: WARNING_COLUMNS,
    rowKey,
    defaultSort: DEFAULT_SORT,
    search: SEARCH,
    selectDisabledReason,
  });

  const setFilter = (name: 'status' | 'severity', value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  const onAcknowledge = useCallback(
    (warning: LxdWarning) => {
      setBusy((current) => new Set(current).add(warning.uuid));
      acknowledge(warning, {
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
    },
    [acknowledge, notify],
  );
  const onDelete = useCallback(
    (warning: LxdWarning) =>
      remove(warning).then(() => notify.success('Warning deleted', warning.type)),
    [remove, notify],
  );
  const rowExtra = useCallback((warning: LxdWarning) => busy.has(warning.uuid), [busy]);
  const bulkActions = (selected: LxdWarning[], clear: () => void) => (
    <BulkWarningActions
      selected={selected}
      reason={changeReason}
      onDone={() => {
        clear();
        void client.invalidateQueries({ queryKey: warningKeys.all });
      }}
    />
  );
  const rowActions = useCallback(
    (warning: LxdWarning, isBusy: WarningBusy) => (
      <WarningActions
        warning={warning}
        busy={isBusy}
        onAcknowledge={onAcknowledge}
        onDelete={onDelete}
        reason={changeReason}
      />
    ),
    [onAcknowledge, onDelete, changeReason],
  );

  return (
    <section className="page list-page warnings-page" aria-label="Warnings">
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

      <ResourceList<LxdWarning, WarningBusy>
        view={view}
        label="Warnings"
        noun={NOUN}
        query={warnings}
        empty={{
          title: 'No warnings',
          body: (
            <p>
              {warnings.data?.length === 0
                ? 'The server reports no warnings.'
                : 'No warning matches these filters.'}
            </p>
          ),
        }}
        rowLabel={rowLabel}
        bulkActions={bulkActions}
        rowActions={rowActions}
        actionsWidth={11}
        rowExtra={rowExtra}
        rowHeight={null}
      />
    </section>
  );
}
