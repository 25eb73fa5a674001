import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '../../../shared/routing/router';
import { useAuth } from '../../../shared/auth/context';
import { useProductName } from '../../../shared/auth/product';
import { DeniedState, EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { Loader } from '../../../shared/ui/Loader';
import { useMarkFirstContent } from '../../../shared/ui/afterFirstScreen';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useLocalSort } from '../../../shared/ui/list';
import { ALL_PROJECTS } from '../../../lxd/endpoints/operations';
import type { ProjectOperation } from '../../../lxd/types/operation';
import { CancelOperationModal } from '../components/CancelOperationModal';
import { DEFAULT_SORT, OperationsTable } from '../components/OperationsTable';
import {
  groupOperations,
  runningOperationsText,
  useCancelReason,
  useOperations,
  useOperationsVisibility,
} from '../queries';
import '../../../shared/pages/pages.scss';
import '../operations.scss';
import { RefreshButton } from '../../../shared/ui/RefreshButton';

/** /ui/operations: failure, running and success groups, newest first (spec §7). */
export function OperationsPage() {
  const [params, setParams] = useSearchParams();
  const scope = params.get('project') || ALL_PROJECTS;
  const visibility = useOperationsVisibility(scope);
  const operations = useOperations(scope, visibility.reason === undefined);
  // This screen's content is in (or it cannot load): the event stream, which keeps it live,
  // starts now rather than after the fallback delay.
  useMarkFirstContent(!operations.isPending || visibility.reason !== undefined);
  const cancelReason = useCancelReason();
  const { projects } = useAuth();
  const product = useProductName();
  const [cancelling, setCancelling] = useState<ProjectOperation | null>(null);
  const [sort, onSort] = useLocalSort(DEFAULT_SORT);
  const closeModal = useCallback(() => {
    setCancelling(null);
  }, []);
  const groups = useMemo(
    () => (operations.data ? groupOperations(operations.data) : undefined),
    [operations.data],
  );
  const total = operations.data?.length ?? 0;
  const projectNames = projects.map((project) => project.name);
  if (scope !== ALL_PROJECTS && !projectNames.includes(scope)) projectNames.push(scope);

  return (
    <section className="page operations-page" aria-label="Operations">
      <PageHeader title="Operations">
        <div className="page-header__filter">
          <label htmlFor="operations-project">Project</label>
          <select
            id="operations-project"
            value={scope}
            onChange={(event) => {
              const value = event.target.value;
              setParams(value === ALL_PROJECTS ? {} : { project: value }, { replace: true });
            }}
          >
            <option value={ALL_PROJECTS}>All projects</option>
            {projectNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <RefreshButton
          fetching={operations.isFetching}
          onRefresh={() => void operations.refetch()}
        />
      </PageHeader>
      <p className="operations-summary" role="status">
        {groups && groups.running.length > 0 ? runningOperationsText(groups.running.length) : ''}
      </p>

      {visibility.reason && (
        <DeniedState title="Missing viewer permission" reason={visibility.reason} />
      )}
      {visibility.hidden.length > 0 && (
        <p className="u-text--muted" role="note">
          The operations of {visibility.hidden.join(', ')} are not shown: you do not have permission
          to view them.
        </p>
      )}
      {operations.isPending && !visibility.reason && <Loader text="Loading operations…" />}
      {operations.error && (
        <ErrorNotice
          title="Could not load operations"
          error={operations.error}
          onRetry={() => void operations.refetch()}
        />
      )}
      {operations.data && total === 0 && (
        <EmptyState title="No operations">
          <p>
            Nothing is running right now. {product} keeps ended operations for a few seconds only,
            so finished work does not stay in this list.
          </p>
        </EmptyState>
      )}
      {groups && (
        <>
          <OperationsTable
            title="Failure"
            label="Failed operations"
            operations={groups.failure}
            showError
            sort={sort}
            onSort={onSort}
          />
          <OperationsTable
            title="Running"
            label="Running operations"
            operations={groups.running}
            sort={sort}
            onSort={onSort}
            onCancel={setCancelling}
            cancelReason={cancelReason}
          />
          <OperationsTable
            title="Success"
            label="Successful operations"
            operations={groups.success}
            sort={sort}
            onSort={onSort}
          />
        </>
      )}
      {cancelling && <CancelOperationModal operation={cancelling} onClose={closeModal} />}
    </section>
  );
}
