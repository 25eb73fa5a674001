import { useQuery } from '@tanstack/react-query';
import type { LxdNetworkForward } from '../../../lxd/types/network';
import { paths } from '../../../shared/routing/paths';
import { GatedLink } from '../../../shared/ui/Gated';
import type { ListColumn, ListSearch } from '../../../shared/ui/list';
import type { NetworkTabProps } from '../networks';
import { lines, ListenersTab } from '../listeners/ListenersTab';
import { portSummary } from './form';
import { forwardsQuery, useDeleteForward } from './queries';
import { forwardMember } from '../listeners/rules';

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

const COLUMNS: ListColumn<LxdNetworkForward>[] = [
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
    cell: (forward) => lines((forward.ports ?? []).map(portSummary)),
  },
];

/**
 * The network detail's Forwards tab: every forward of the network (listen address, default
 * target, port rules, description, member when clustered), with create, edit and delete (on
 * the forward's own page).
 */
export function ForwardsTab({ project, network, editReason }: NetworkTabProps) {
  const forwards = useQuery(forwardsQuery(project, network.name));
  const remove = useDeleteForward(project, network.name);
  return (
    <ListenersTab<LxdNetworkForward>
      id="network-forwards"
      noun={{ one: 'forward', other: 'forwards' }}
      network={network}
      query={forwards}
      ownColumns={COLUMNS}
      search={SEARCH}
      editReason={editReason}
      edit={(forward, label) => (
        <GatedLink
          className="p-button is-dense"
          label={label}
          to={paths.networkForwardEdit(
            project,
            network.name,
            forward.listen_address,
            forwardMember(forward),
          )}
          reason={editReason}
        >
          Edit
        </GatedLink>
      )}
      remove={(forward) =>
        remove.mutateAsync({ address: forward.listen_address, member: forwardMember(forward) })
      }
      create={
        <GatedLink
          className="p-button--positive"
          to={paths.networkForwardCreate(project, network.name)}
          reason={editReason}
        >
          Create forward
        </GatedLink>
      }
      empty={`A forward sends traffic arriving at a listen address (all of it, or chosen ports) to addresses of instances on ${network.name}.`}
    />
  );
}
