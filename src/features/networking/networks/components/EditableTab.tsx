import type { ComponentType } from 'react';
import type { LxdNetwork } from '../../../../lxd/types/network';
import { useNetworkEditReason } from '../queries';

/** A tab of a network's page that changes what belongs to the network (forwards, load balancers). */
export interface NetworkTabProps {
  project: string;
  network: LxdNetwork;
  /**
   * Why the identity may not change the network, if so (spec §6: its forwards and load
   * balancers need the network's can_edit).
   */
  editReason: string | undefined;
}

/** Draws such a tab with the reason the network as listed gives. */
export function EditableTab({
  project,
  network,
  tab: Tab,
}: {
  project: string;
  network: LxdNetwork;
  tab: ComponentType<NetworkTabProps>;
}) {
  const editReason = useNetworkEditReason(project, network.name);
  return <Tab project={project} network={network} editReason={editReason} />;
}
