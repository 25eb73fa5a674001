import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { LxdNetwork, LxdNetworkForward } from '../../../lxd/types/network';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { GatedLink } from '../../../shared/ui/Gated';
import {
  ResourceList,
  useListView,
  type ListColumn,
  type ListSearch,
} from '../../../shared/ui/list';
import { portSummary } from './form';
import { forwardsQuery, useDeleteForward } from './queries';
import { forwardMember } from './rules';
import './forwards.scss';

const NOUN = { one: 'forward', other: 'forwards' };

const rowKey = (forward: LxdNetworkForward) =>
  `${forward.listen_address}@${forwardMember(forward) ?? ''}`;

const SEARCH: ListSearch<LxdNetworkForward> = {
  label: 'Search forwards',
  placeholder: 'Search by address or description',
  compile: (term) => {
    const q = term.trim().toLowerCase();
    return (forward) =>
      !q ||
      [
        forward.listen_address,
        forward.description,
        forward.config.target_address ?? '',
        ...(forward.ports ?? []).map((port) => port.target_address),
      ].some((text) => text.toLowerCase().includes(q));
  },
};

function columns(clustered: boolean): ListColumn<LxdNetworkForward>[] {
  const list: ListColumn<LxdNetworkForward>[] = [
    {
      id: 'listen-address',
      header: 'Listen address',
      width: 12,
      alwaysShown: true,
      rowHeader: true,
      sortValue: (forward) => forward.listen_address,
      cell: (forward) => forward.listen_address,
    },
    {
      id: 'default-target',
      header: 'Default target',
      width: 11,
      priority: 2,
      sortValue: (forward) => forward.config.target_address ?? '',
      cell: (forward) => forward.config.target_address ?? '-',
    },
    {
      id: 'ports',
      header: 'Port rules',
      cell: (forward) =>
        (forward.ports ?? []).length === 0 ? (
          '-'
        ) : (
          <ul className="forwards-tab__ports">
            {(forward.ports ?? []).map((port, index) => (
              <li key={index}>{portSummary(port)}</li>
            ))}
          </ul>
        ),
    },
    {
      id: 'description',
      header: 'Description',
      priority: 2,
      sortValue: (forward) => forward.description,
      cell: (forward) => <span title={forward.description}>{forward.description}</span>,
    },
  ];
  if (clustered) {
    list.push({
      id: 'location',
      header: 'Location',
      width: 9,
      sortValue: (forward) => forwardMember(forward) ?? '',
      cell: (forward) => forwardMember(forward) ?? '-',
    });
  }
  return list;
}

/** A tab of a network's page that changes what belongs to the network. */
export interface NetworkTabProps {
  project: string;
  network: LxdNetwork;
  /**
   * Why the identity may not change the network, if so (spec §6: its forwards and load
   * balancers need the network's can_edit).
   */
  editReason: string | undefined;
}

/**
 * The network detail's Forwards tab: every forward of the network (listen address, default
 * target, port rules, description, member when clustered), with create, edit and delete.
 */
export function ForwardsTab({ project, network, editReason }: NetworkTabProps) {
  const { isClustered } = useAuth();
  const notify = useNotify();
  const forwards = useQuery(forwardsQuery(project, network.name));
  const remove = useDeleteForward(project, network.name);
  const cols = useMemo(() => columns(isClustered), [isClustered]);
  const view = useListView<LxdNetworkForward>({
    id: 'network-forwards',
    rows: forwards.data,
    columns: cols,
    rowKey,
    defaultSort: { column: 'listen-address', direction: 'ascending' },
    search: SEARCH,
  });

  const rowActions = useCallback(
    (forward: LxdNetworkForward) => {
      const member = forwardMember(forward);
      const address = forward.listen_address;
      return (
        <div className="forwards-tab__actions">
          <GatedLink
            className="p-button is-dense"
            label={`Edit forward ${address}`}
            to={paths.networkForwardEdit(project, network.name, address, member)}
            reason={editReason}
          >
            Edit
          </GatedLink>
          <ConfirmButton
            label={
              <>
                Delete <span className="u-off-screen">forward {address}</span>
              </>
            }
            title={`Delete forward ${address}`}
            confirmLabel="Delete"
            danger
            className="p-button--negative is-dense"
            reason={editReason}
            message={
              <p>
                This will delete the forward of <strong>{address}</strong> on {network.name}.
              </p>
            }
            onConfirm={async () => {
              await remove.mutateAsync({ address, member });
              notify.success(
                'Forward deleted',
                `Forward ${address} on ${network.name} was deleted.`,
              );
            }}
          />
        </div>
      );
    },
    [project, network.name, remove, notify, editReason],
  );

  const createLink = (
    <GatedLink
      className="p-button--positive"
      to={paths.networkForwardCreate(project, network.name)}
      reason={editReason}
    >
      Create forward
    </GatedLink>
  );

  return (
    <div className="forwards-tab">
      <ResourceList<LxdNetworkForward>
        view={view}
        label={`Forwards of ${network.name}`}
        noun={NOUN}
        query={forwards}
        rowLabel={(forward) => forward.listen_address}
        rowActions={rowActions}
        actionsWidth={12}
        rowHeight={null}
        toolbar={createLink}
        empty={{
          title: 'No forwards yet',
          body: (
            <p>
              A forward sends traffic arriving at a listen address (all of it, or chosen ports) to
              addresses of instances on {network.name}.
            </p>
          ),
          action: createLink,
        }}
      />
    </div>
  );
}
