import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from '../../../shared/routing/router';
import { useAuth } from '../../../shared/auth/context';
import { useViewOwner } from '../../../shared/auth/owner';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../shared/ui/Gated';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import {
  activityKey,
  BULK_ACTION_LABELS,
  BULK_ACTIONS,
  BulkSnapshotModal,
  LazyBulkCopyModal as BulkCopyModal,
  LazyInstanceActionModal as InstanceActionModal,
  LazyMoveModal as MoveModal,
  planBulkAction,
  preloadListDialogs,
  statusText,
  useInstanceActions,
  useInstanceQueue,
  type ActionRequest,
  type BulkAction,
} from '../actions';
import { preloadInstanceDetail } from '../detail';
import { useLiveInstanceLists } from '../live';
import type { InstanceListItem } from '../list-item';
import { fetchWindowDetails } from '../list-window';
import { instancesQuery } from '../queries';
import { BulkTagModal } from '../tags';
import {
  availableColumns,
  columnsWhileLoading,
  DEFAULT_SORT,
  detailsNeeded,
  INSTANCE_LIST_ID,
  type RowDetails,
} from './columns';
import { CreateInstanceButton, noInstancesText } from './EmptyStates';
import {
  compileFilter,
  compileNameFilter,
  needsDetails,
  removeFilterToken,
  tokenizeFilter,
} from './filter';
import { instanceGrouping } from './grouping';
import { useInstanceListPalette } from './paletteActions';
import { RowActions, type RowAction } from './RowActions';
import { useRowDetails } from './useRowDetails';
import './list.scss';

/** Row actions that run at once; stop and restart ask first (they offer force). */
const IMMEDIATE: ReadonlySet<RowAction> = new Set(['start', 'freeze']);
const NOUN = { one: 'instance', other: 'instances' };

const SEARCH: ListSearch<InstanceListItem> = {
  label: 'Search and filter instances',
  placeholder: 'Search and filter',
  help: 'Filter with status:, type:, profile:, project:, location:, tag: or user.key=value; put - before a term to exclude it.',
  chips: { tokenize: tokenizeFilter, remove: removeFilterToken },
  compile: compileFilter,
};
/** While the details load, the search matches names only (see DetailsStatus). */
const NAME_SEARCH: ListSearch<InstanceListItem> = { ...SEARCH, compile: compileNameFilter };

/** Rows beyond the visible ones whose details are asked for with them. */
const WINDOW_OVERSCAN = 5;

const rowKey = (item: InstanceListItem) => activityKey(item.project, item.name);
const rowLabel = (item: InstanceListItem) => item.name;
const rowDescription = (item: InstanceListItem) =>
  item.pending ? 'details loading' : statusText(item.status);
const selectDisabledReason = (item: InstanceListItem) =>
  item.pending ? 'Its details are still loading' : undefined;
const count = new Intl.NumberFormat('en');

/** The line that says the details are on their way, and what waits for them. */
function DetailsStatus({
  total,
  search,
  error,
  onRetry,
}: {
  total: number;
  search: string;
  error: string | undefined;
  onRetry: () => void;
}) {
  return (
    <div className="instance-list__details-status">
      <p role="status" className="u-no-margin--bottom">
        {error === undefined
          ? `Loading details of ${count.format(total)} ${total === 1 ? NOUN.one : NOUN.other}…`
          : `Could not load the details of the ${NOUN.other}: ${error}`}
      </p>
      <p className="u-text--muted u-no-margin--bottom">
        {needsDetails(search)
          ? 'Only the name part of the search applies until the details have loaded.'
          : 'Sorting by other columns than Name and filtering by status, type, profile, project, location or user keys wait for the details.'}
      </p>
      {error !== undefined && (
        <button type="button" className="p-button is-dense" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** A confirmation the list asks for, and where its action came from. */
interface Confirming {
  request: ActionRequest<InstanceListItem>;
  /** A row's menu (straight to LXD), or the selection's bar (the bulk queue, then cleared). */
  source: { kind: 'row' } | { kind: 'bulk'; clear: () => void };
}

/** A dialog of the selection's bar: tagging clears the selection once confirmed. */
type Placing =
  | { kind: 'migrate' | 'copy' | 'snapshot'; instances: InstanceListItem[] }
  | { kind: 'tag'; instances: InstanceListItem[]; clear: () => void };

export function InstanceListPage() {
  const { project } = useParams();
  const { isClustered, isFineGrained } = useAuth();
  const permissions = usePermissions();
  const allProjects = project === undefined;
  const client = useQueryClient();
  const listQuery = useMemo(
    () => instancesQuery(client, project, isFineGrained),
    [client, project, isFineGrained],
  );
  const query = useQuery(listQuery);
  const listKey = listQuery.queryKey;
  const complete = query.data?.complete ?? false;
  useLiveInstanceLists();
  const [confirming, setConfirming] = useState<Confirming>();
  const [placing, setPlacing] = useState<Placing>();
  const { runStateChange } = useInstanceActions();
  const { queueStateChange, queueDelete, queueSnapshot, queueTagChange } = useInstanceQueue();
  const viewOwner = useViewOwner();
  const grouping = useMemo(
    () => instanceGrouping({ allProjects, clustered: isClustered }),
    [allProjects, isClustered],
  );

  const columns = useMemo(() => {
    const all = availableColumns({ allProjects, clustered: isClustered });
    return complete ? all : columnsWhileLoading(all);
  }, [allProjects, isClustered, complete]);
  const view = useListView<InstanceListItem, RowDetails>({
    id: INSTANCE_LIST_ID,
    rows: query.data?.items,
    columns,
    rowKey,
    defaultSort: DEFAULT_SORT,
    search: complete ? SEARCH : NAME_SEARCH,
    selectDisabledReason,
    grouping,
  });
  const [visible, setVisible] = useState<readonly InstanceListItem[]>([]);
  const hasRows = visible.length > 0;
  // Once rows have painted, the confirmation dialog's code loads in idle time.
  useEffect(() => (hasRows ? preloadListDialogs() : undefined), [hasRows]);
  // Once the whole list is in, an instance's page loads its code in idle time too.
  useEffect(() => (complete && hasRows ? preloadInstanceDetail() : undefined), [complete, hasRows]);
  const detailed = useMemo(() => visible.filter((item) => !item.pending), [visible]);
  const details = useRowDetails(detailed, detailsNeeded(view.shownColumns));
  // The names-only rows in view (and a few around them) get their details.
  const shown = view.shown;
  useEffect(() => {
    if (complete || visible.length === 0) return;
    const first = visible[0];
    const from = first ? shown.indexOf(first) : -1;
    const window =
      from < 0
        ? visible
        : shown.slice(Math.max(0, from - WINDOW_OVERSCAN), from + visible.length + WINDOW_OVERSCAN);
    fetchWindowDetails(client, listKey, window);
  }, [client, listKey, visible, shown, complete]);

  const onRowAction = useCallback(
    (action: RowAction, item: InstanceListItem) => {
      const plan = planBulkAction(action, [item]);
      if (IMMEDIATE.has(action)) void runStateChange(plan, { force: false });
      else setConfirming({ request: { kind: 'state', plan }, source: { kind: 'row' } });
    },
    [runStateChange],
  );
  const rowActions = useCallback(
    (item: InstanceListItem) => (
      <RowActions
        item={item}
        onAction={onRowAction}
        reason={permissions.on(NOUN.one, 'updateState', item)}
      />
    ),
    [onRowAction, permissions],
  );
  // What a bulk action does with the selection: the bar's buttons and the palette's actions.
  const openBulk = (
    action: BulkAction | 'delete',
    selected: InstanceListItem[],
    clear: () => void,
  ) => {
    setConfirming({
      request:
        action === 'delete'
          ? { kind: 'delete', instances: selected }
          : { kind: 'state', plan: planBulkAction(action, selected) },
      source: { kind: 'bulk', clear },
    });
  };
  const bulkActions = (selected: InstanceListItem[], clear: () => void) => {
    const open = (action: BulkAction | 'delete') => {
      openBulk(action, selected, clear);
    };
    const stateReason = permissions.onEach(NOUN, 'updateState', selected);
    return (
      <>
        {BULK_ACTIONS.map((action) => (
          <GatedButton
            key={action}
            className="p-button is-dense"
            reason={stateReason}
            onClick={() => {
              open(action);
            }}
          >
            {BULK_ACTION_LABELS[action]}
          </GatedButton>
        ))}
        <GatedButton
          className="p-button is-dense"
          reason={permissions.onEach(NOUN, 'manageSnapshots', selected)}
          onClick={() => {
            clear();
            setPlacing({ kind: 'snapshot', instances: selected });
          }}
        >
          Snapshot
        </GatedButton>
        <GatedButton
          className="p-button is-dense"
          reason={permissions.onEach(NOUN, 'edit', selected)}
          onClick={() => {
            setPlacing({ kind: 'tag', instances: selected, clear });
          }}
        >
          Tag
        </GatedButton>
        <GatedButton
          className="p-button is-dense"
          reason={permissions.onEach(NOUN, 'edit', selected)}
          onClick={() => {
            clear();
            setPlacing({ kind: 'migrate', instances: selected });
          }}
        >
          Migrate
        </GatedButton>
        <GatedButton
          className="p-button is-dense"
          reason={permissions.inProject(selected[0]?.project ?? '', 'createInstances')}
          onClick={() => {
            clear();
            setPlacing({ kind: 'copy', instances: selected });
          }}
        >
          Copy
        </GatedButton>
        <GatedButton
          className="p-button--negative is-dense"
          reason={permissions.onEach(NOUN, 'delete', selected)}
          onClick={() => {
            open('delete');
          }}
        >
          Delete
        </GatedButton>
      </>
    );
  };
  // The command palette: Create instance, and the bulk actions on the selected instances.
  useInstanceListPalette({ project, selection: view.selection, permissions, openBulk });
  const closeRequest = useCallback(() => {
    setConfirming(undefined);
  }, []);

  return (
    <section className="list-page instances-page">
      <PageHeader title="Instances">
        {project !== undefined && <CreateInstanceButton project={project} />}
      </PageHeader>
      <ResourceList<InstanceListItem, RowDetails>
        view={view}
        label="Instances"
        noun={NOUN}
        query={query}
        empty={{
          body: <p>{noInstancesText(project)}</p>,
          action: project !== undefined && <CreateInstanceButton project={project} />,
        }}
        bulkActions={bulkActions}
        rowActions={rowActions}
        rowExtra={details}
        rowLabel={rowLabel}
        rowDescription={rowDescription}
        onVisibleRowsChange={setVisible}
        views={viewOwner}
        toolbar={
          query.data && !complete ? (
            <DetailsStatus
              total={query.data.items.length}
              search={view.searchText}
              error={query.data.detailsError}
              onRetry={() => void query.refetch()}
            />
          ) : undefined
        }
      />
      {placing?.kind === 'tag' && (
        <BulkTagModal
          instances={placing.instances}
          onClose={() => setPlacing(undefined)}
          onConfirm={(instances, change) => {
            setPlacing(undefined);
            placing.clear();
            queueTagChange(instances, change);
          }}
        />
      )}
      {placing?.kind === 'migrate' && (
        <MoveModal instances={placing.instances} onClose={() => setPlacing(undefined)} />
      )}
      {placing?.kind === 'copy' && (
        <BulkCopyModal instances={placing.instances} onClose={() => setPlacing(undefined)} />
      )}
      {placing?.kind === 'snapshot' && (
        <BulkSnapshotModal
          instances={placing.instances}
          onClose={() => setPlacing(undefined)}
          onConfirm={(options) => {
            setPlacing(undefined);
            queueSnapshot(placing.instances, options);
          }}
        />
      )}
      {confirming && (
        <InstanceActionModal
          request={confirming.request}
          onClose={closeRequest}
          onConfirm={({ force }) => {
            const { request, source } = confirming;
            setConfirming(undefined);
            if (source.kind === 'row') {
              // A row's own action goes straight to LXD (only a state change asks first).
              if (request.kind === 'state') void runStateChange(request.plan, { force });
              return;
            }
            // A bulk action of the selection: through the queue.
            if (request.kind === 'delete') queueDelete(request.instances, { forceStop: force });
            else queueStateChange(request.plan, { force });
            source.clear();
          }}
        />
      )}
    </section>
  );
}
