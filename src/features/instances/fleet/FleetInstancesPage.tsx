import { useCallback, useState } from 'react';
import { listPage, type ListRows } from '../../../shared/pages';
import { paths, uiUrl } from '../../../shared/routing/paths';
import type { ListFilter, ListSearch } from '../../../shared/ui/list';
import {
  BULK_ACTION_LABELS,
  BULK_ACTIONS,
  LazyInstanceActionModal as InstanceActionModal,
  planBulkAction,
  statusText,
  useInstanceQueue,
  type ActionRequest,
} from '../actions';
import { compileFilter, compileNameFilter, removeFilterToken, tokenizeFilter } from '../list';
import { FLEET_INSTANCE_COLUMNS } from './columns';
import { useFleetInstances, type FleetInstance, type RemoteListState } from './instances';

const NOUN = { one: 'instance', other: 'instances' };
const count = new Intl.NumberFormat('en');

/** Names-only rows match on their name (and remote); the rest once their details are in. */
const SEARCH: ListSearch<FleetInstance> = {
  label: 'Search and filter instances',
  placeholder: 'Search and filter',
  help: 'Filter with remote:, status:, type:, profile:, project:, location: or user.key=value; put - before a term to exclude it.',
  chips: { tokenize: tokenizeFilter, remove: removeFilterToken },
  compile: (term) => {
    const full = compileFilter(term);
    const names = compileNameFilter(term);
    return (row) => (row.pending ? names(row) : full(row));
  },
};

const remoteFilter = (rows: readonly FleetInstance[]): ListFilter<FleetInstance> => ({
  param: 'remote',
  label: 'Remote',
  options: [...new Set(rows.map((row) => row.remoteName))].map((name) => ({
    value: name,
    label: name,
  })),
  match: (row, value) => row.remoteName === value,
});

/** What each remote's list is doing: not online, loading, its details on their way, failed. */
function RemotesStatus({ states }: { states: readonly RemoteListState[] }) {
  const lines = states.flatMap(({ remote, list, pending, error }) => {
    if (remote.state !== 'online') {
      const why = remote.error ? `: ${remote.error}` : '';
      return [`${remote.name} is ${remote.state}${why}. Its instances are not listed.`];
    }
    if (error !== undefined && list === undefined) {
      return [`Could not list the instances of ${remote.name}: ${error}`];
    }
    if (pending) return [`Loading the instances of ${remote.name}…`];
    if (list && !list.complete) {
      const total = list.items.length;
      return [
        list.detailsError === undefined
          ? `Loading details of ${count.format(total)} ${total === 1 ? NOUN.one : NOUN.other} of ${remote.name}…`
          : `Could not load the details of the instances of ${remote.name}: ${list.detailsError}`,
      ];
    }
    return [];
  });
  // The live region stays in the page; what it says changes as remotes come and go.
  return (
    <div className="fleet-instances__status" role="status">
      {lines.length > 0 && (
        <ul className="p-list">
          {lines.map((line) => (
            <li key={line} className="p-list__item">
              {line}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function useRows(): ListRows<FleetInstance> {
  const { rows, query, remotes } = useFleetInstances();
  return {
    rows,
    query,
    ...(remotes ? { table: { toolbar: <RemotesStatus states={remotes} /> } } : {}),
  };
}

/** Start, stop, restart, freeze and delete, each instance on its own remote, through the queue. */
function FleetBulkActions({ selected, clear }: { selected: FleetInstance[]; clear: () => void }) {
  const [request, setRequest] = useState<ActionRequest<FleetInstance>>();
  const { queueStateChange, queueDelete } = useInstanceQueue();
  const close = useCallback(() => {
    setRequest(undefined);
  }, []);
  return (
    <>
      {BULK_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          className="p-button is-dense"
          onClick={() => {
            setRequest({ kind: 'state', plan: planBulkAction(action, selected) });
          }}
        >
          {BULK_ACTION_LABELS[action]}
        </button>
      ))}
      <button
        type="button"
        className="p-button--negative is-dense"
        onClick={() => {
          setRequest({ kind: 'delete', instances: selected });
        }}
      >
        Delete
      </button>
      {request && (
        <InstanceActionModal
          request={request}
          onClose={close}
          onConfirm={({ force }) => {
            setRequest(undefined);
            if (request.kind === 'delete') {
              queueDelete(request.instances, { forceStop: force });
            } else {
              queueStateChange(request.plan, { force });
            }
            clear();
          }}
        />
      )}
    </>
  );
}

/**
 * /ui/fleet/instances: the instances of every remote in one list, names first per remote, with
 * the remote beside the name, the instance list's search language (and `remote:`), bulk actions
 * that reach each instance on its own remote, and each remote's event stream keeping its rows
 * live. A remote that is down is said so above the list; the others' rows go on.
 */
export const FleetInstancesPage = listPage<FleetInstance>({
  id: 'fleet-instances',
  title: 'Fleet instances',
  tableLabel: 'Instances of every remote',
  noun: NOUN,
  className: 'fleet-instances-page',
  useRows,
  columns: () => FLEET_INSTANCE_COLUMNS,
  rowKey: (row) => `${row.remoteName}/${row.project}/${row.name}`,
  rowLabel: (row) => `${row.name} on ${row.remoteName}`,
  defaultSort: { column: 'name', direction: 'ascending' },
  search: SEARCH,
  filters: (_context, rows) => [remoteFilter(rows)],
  selectDisabledReason: () => (row) => (row.pending ? 'Its details are still loading' : undefined),
  bulkActions: (selected, clear) => <FleetBulkActions selected={selected} clear={clear} />,
  table: {
    rowDescription: (row) => (row.pending ? 'details loading' : statusText(row.status)),
  },
  actions: () => (
    <a className="p-button" href={uiUrl(paths.fleet(), null)}>
      Remotes
    </a>
  ),
  emptyTitle: 'No instances',
  empty: (
    <p>
      No remote lists an instance. Served by the server itself, the console has that server only;
      the fleet lists the servers of a console server started with a remotes file.
    </p>
  ),
});
