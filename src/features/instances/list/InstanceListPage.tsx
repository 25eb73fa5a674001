import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from '../../../shared/routing/router';
import { useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../shared/ui/Gated';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import { activityKey } from '../actions/activity';
import {
  BULK_ACTION_LABELS,
  BULK_ACTIONS,
  planBulkAction,
  statusText,
  type BulkAction,
} from '../actions/bulk';
import { InstanceActionModal, type ActionRequest } from '../actions/InstanceActionModal';
import { useInstanceActions } from '../actions/useInstanceActions';
import { BulkCopyModal } from '../actions/BulkCopyModal';
import { MoveModal } from '../actions/MoveModal';
import { instancesQuery, type InstanceListItem } from '../queries';
import {
  availableColumns,
  DEFAULT_SORT,
  detailsNeeded,
  INSTANCE_LIST_ID,
  type RowDetails,
} from './columns';
import { CreateInstanceButton, noInstancesText } from './EmptyStates';
import { compileFilter, removeFilterToken, tokenizeFilter } from './filter';
import { RowActions, type RowAction } from './RowActions';
import { useRowDetails } from './useRowDetails';
import './list.scss';

/** Row actions that run at once; stop and restart ask first (they offer force). */
const IMMEDIATE: ReadonlySet<RowAction> = new Set(['start', 'freeze']);
const NOUN = { one: 'instance', other: 'instances' };

const SEARCH: ListSearch<InstanceListItem> = {
  label: 'Search and filter instances',
  placeholder: 'Search and filter',
  help: 'Filter with status:, type:, profile:, project:, location: or user.key=value; put - before a term to exclude it.',
  chips: { tokenize: tokenizeFilter, remove: removeFilterToken },
  compile: compileFilter,
};

const rowKey = (item: InstanceListItem) => activityKey(item.project, item.name);
const rowLabel = (item: InstanceListItem) => item.name;
const rowDescription = (item: InstanceListItem) => statusText(item.status);

export function InstanceListPage() {
  const { project } = useParams();
  const { isClustered, isFineGrained } = useAuth();
  const permissions = usePermissions();
  const allProjects = project === undefined;
  const query = useQuery(instancesQuery(project, isFineGrained));
  const [request, setRequest] = useState<ActionRequest<InstanceListItem>>();
  const [clearAfter, setClearAfter] = useState<(() => void) | undefined>();
  const [placing, setPlacing] = useState<{
    kind: 'migrate' | 'copy';
    instances: InstanceListItem[];
  }>();
  const { runStateChange, runDelete } = useInstanceActions();

  const columns = useMemo(
    () => availableColumns({ allProjects, clustered: isClustered }),
    [allProjects, isClustered],
  );
  const view = useListView<InstanceListItem, RowDetails>({
    id: INSTANCE_LIST_ID,
    rows: query.data,
    columns,
    rowKey,
    defaultSort: DEFAULT_SORT,
    search: SEARCH,
  });
  const [visible, setVisible] = useState<readonly InstanceListItem[]>([]);
  const details = useRowDetails(visible, detailsNeeded(view.shownColumns));

  const onRowAction = useCallback(
    (action: RowAction, item: InstanceListItem) => {
      const plan = planBulkAction(action, [item]);
      if (IMMEDIATE.has(action)) void runStateChange(plan, { force: false });
      else {
        setClearAfter(undefined);
        setRequest({ kind: 'state', plan });
      }
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
  const bulkActions = (selected: InstanceListItem[], clear: () => void) => {
    const open = (action: BulkAction | 'delete') => {
      setClearAfter(() => clear);
      setRequest(
        action === 'delete'
          ? { kind: 'delete', instances: selected }
          : { kind: 'state', plan: planBulkAction(action, selected) },
      );
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
  const closeRequest = useCallback(() => {
    setRequest(undefined);
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
      />
      {placing?.kind === 'migrate' && (
        <MoveModal instances={placing.instances} onClose={() => setPlacing(undefined)} />
      )}
      {placing?.kind === 'copy' && (
        <BulkCopyModal instances={placing.instances} onClose={() => setPlacing(undefined)} />
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
            clearAfter?.();
          }}
        />
      )}
    </section>
  );
}
