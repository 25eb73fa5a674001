import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useAuth } from '../../../shared/auth/context';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorNotice } from '../../../shared/ui/States';
import { planBulkAction, pluralInstances, type BulkAction } from '../actions/bulk';
import { InstanceActionModal, type ActionRequest } from '../actions/InstanceActionModal';
import { useInstanceActions } from '../actions/useInstanceActions';
import { instancesQuery, type InstanceListItem } from '../queries';
import { BulkToolbar } from './BulkToolbar';
import { ColumnPicker } from './ColumnPicker';
import { availableColumns, sortInstances } from './columns';
import { CreateInstanceButton, NoInstances, NoMatches } from './EmptyStates';
import { compileFilter } from './filter';
import { InstanceTable } from './InstanceTable';
import { SearchBox } from './SearchBox';
import type { RowAction } from './RowActions';
import { useHiddenColumns, useUrlSearch, useUrlSort } from './useListState';
import { useSelection } from './useSelection';
import './list.scss';

/** Row actions that run at once; stop and restart ask first (they offer force). */
const IMMEDIATE: ReadonlySet<RowAction> = new Set(['start', 'freeze']);

export function InstanceListPage() {
  const { project } = useParams();
  const { isClustered } = useAuth();
  const allProjects = project === undefined;
  const { data, error, isPending, refetch } = useQuery(instancesQuery(project));
  const [search, setSearch] = useUrlSearch();
  const deferredSearch = useDeferredValue(search);
  const [sort, toggleSort] = useUrlSort();
  const [hidden, toggleColumn] = useHiddenColumns();
  const [request, setRequest] = useState<ActionRequest<InstanceListItem>>();
  const [fromToolbar, setFromToolbar] = useState(false);
  const { runStateChange, runDelete } = useInstanceActions();

  const available = useMemo(
    () => availableColumns({ allProjects, clustered: isClustered }),
    [allProjects, isClustered],
  );
  const columns = useMemo(
    () => available.filter((column) => !hidden.has(column.id)),
    [available, hidden],
  );
  const sorted = useMemo(() => sortInstances(data ?? [], sort), [data, sort]);
  const shown = useMemo(
    () => sorted.filter(compileFilter(deferredSearch)),
    [sorted, deferredSearch],
  );
  const { selected, selectedItems, toggle, toggleAll, clear } = useSelection(shown);

  const onRowAction = useCallback(
    (action: RowAction, item: InstanceListItem) => {
      const plan = planBulkAction(action, [item]);
      if (IMMEDIATE.has(action)) void runStateChange(plan, { force: false });
      else {
        setFromToolbar(false);
        setRequest({ kind: 'state', plan });
      }
    },
    [runStateChange],
  );
  const onBulkAction = (action: BulkAction | 'delete') => {
    setFromToolbar(true);
    setRequest(
      action === 'delete'
        ? { kind: 'delete', instances: selectedItems }
        : { kind: 'state', plan: planBulkAction(action, selectedItems) },
    );
  };
  const closeRequest = useCallback(() => {
    setRequest(undefined);
  }, []);

  const total = data?.length ?? 0;
  return (
    <section className="instances-page">
      <PageHeader title="Instances">
        {project !== undefined && <CreateInstanceButton project={project} />}
      </PageHeader>
      {isPending && <Loader text="Loading instances…" />}
      {error && (
        <ErrorNotice
          title="Could not load instances"
          error={error}
          onRetry={() => void refetch()}
        />
      )}
      {data && total === 0 && <NoInstances project={project} />}
      {data && total > 0 && (
        <>
          <div className="instances-toolbar">
            <SearchBox value={search} onChange={setSearch} />
            <p className="instances-toolbar__count u-text--muted" aria-live="polite">
              {shown.length === total
                ? pluralInstances(total)
                : `${shown.length} of ${pluralInstances(total)}`}
            </p>
            <ColumnPicker columns={available} hidden={hidden} onToggle={toggleColumn} />
          </div>
          {selectedItems.length > 0 && (
            <BulkToolbar count={selectedItems.length} onAction={onBulkAction} onClear={clear} />
          )}
          {shown.length === 0 ? (
            <NoMatches
              onClear={() => {
                setSearch('');
              }}
            />
          ) : (
            <InstanceTable
              items={shown}
              columns={columns}
              selected={selected}
              sort={sort}
              onSort={toggleSort}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onAction={onRowAction}
            />
          )}
        </>
      )}
      {request && (
        <InstanceActionModal
          request={request}
          onClose={closeRequest}
          onConfirm={({ force }) => {
            setRequest(undefined);
            if (request.kind === 'delete') {
              void runDelete(request.instances, { forceStop: force });
            } else {
              void runStateChange(request.plan, { force });
            }
            if (fromToolbar) clear();
          }}
        />
      )}
    </section>
  );
}
