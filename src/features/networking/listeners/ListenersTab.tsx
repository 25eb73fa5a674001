import { useMemo, type ReactNode } from 'react';
import type { LxdNetwork } from '../../../lxd/types/network';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import {
  ResourceList,
  useListView,
  type ListColumn,
  type ListQuery,
  type ListSearch,
  type Noun,
} from '../../../shared/ui/list';
import { forwardMember } from './rules';
import './listeners.scss';

/** What every forward and load balancer has. */
export interface Listener {
  listen_address: string;
  description: string;
  location?: string | undefined;
}

const rowKey = (item: Listener) => `${item.listen_address}@${forwardMember(item) ?? ''}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Several values in a cell, one a line ("-" for none). */
export const lines = (items: readonly string[]) =>
  items.length === 0 ? (
    '-'
  ) : (
    <ul className="listeners-tab__lines">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );

function columns<T extends Listener>(
  own: readonly ListColumn<T>[],
  clustered: boolean,
): ListColumn<T>[] {
  return [
    {
      id: 'listen-address',
      header: 'Listen address',
      width: 12,
      alwaysShown: true,
      rowHeader: true,
      sortValue: (item) => item.listen_address,
      cell: (item) => item.listen_address,
    },
    ...own,
    {
      id: 'description',
      header: 'Description',
      priority: 2,
      sortValue: (item) => item.description,
      cell: (item) => <span title={item.description}>{item.description}</span>,
    },
    ...(clustered
      ? [
          {
            id: 'location',
            header: 'Location',
            width: 9,
            sortValue: (item: T) => forwardMember(item) ?? '',
            cell: (item: T) => forwardMember(item) ?? '-',
          },
        ]
      : []),
  ];
}

/**
 * A tab of a network's page listing what listens on its addresses (forwards, load balancers):
 * the listen address, the columns of the kind, the description and, in a cluster, the member;
 * each row with Edit and Delete, Create above. Changing them needs the network's can_edit.
 */
export function ListenersTab<T extends Listener>({
  id,
  noun,
  network,
  query,
  ownColumns,
  search,
  edit,
  remove,
  create,
  empty,
  editReason,
}: {
  /** The columns menu's id. */
  id: string;
  noun: Noun;
  network: LxdNetwork;
  query: ListQuery & { data: T[] | undefined };
  /** The columns between the listen address and the description (declared once: memoized on). */
  ownColumns: readonly ListColumn<T>[];
  search?: ListSearch<T>;
  /** The Edit control of a row, named `label`. */
  edit: (item: T, label: string) => ReactNode;
  remove: (item: T) => Promise<unknown>;
  create: ReactNode;
  /** What an empty list says under "No {nouns} yet". */
  empty: ReactNode;
  editReason: string | undefined;
}) {
  const { isClustered } = useAuth();
  const notify = useNotify();
  const shown = useMemo(() => columns(ownColumns, isClustered), [ownColumns, isClustered]);
  const view = useListView<T>({
    id,
    rows: query.data,
    columns: shown,
    rowKey,
    defaultSort: { column: 'listen-address', direction: 'ascending' },
    ...(search ? { search } : {}),
  });
  const Noun = capitalised(noun.one);
  const rowActions = (item: T) => {
    const address = item.listen_address;
    return (
      <div className="listeners-tab__actions">
        {edit(item, `Edit ${noun.one} ${address}`)}
        <ConfirmButton
          label={
            <>
              Delete{' '}
              <span className="u-off-screen">
                {noun.one} {address}
              </span>
            </>
          }
          title={`Delete ${noun.one} ${address}`}
          confirmLabel="Delete"
          danger
          className="p-button--negative is-dense"
          reason={editReason}
          message={
            <p>
              This will delete the {noun.one} of <strong>{address}</strong> on {network.name}.
            </p>
          }
          onConfirm={async () => {
            await remove(item);
            notify.success(`${Noun} deleted`, `${Noun} ${address} on ${network.name} was deleted.`);
          }}
        />
      </div>
    );
  };

  return (
    <div className="listeners-tab">
      <ResourceList<T>
        view={view}
        label={`${capitalised(noun.other)} of ${network.name}`}
        noun={noun}
        query={query}
        rowLabel={(item) => item.listen_address}
        rowActions={rowActions}
        actionsWidth={12}
        rowHeight={null}
        toolbar={create}
        empty={{ title: `No ${noun.other} yet`, body: <p>{empty}</p>, action: create }}
      />
    </div>
  );
}
