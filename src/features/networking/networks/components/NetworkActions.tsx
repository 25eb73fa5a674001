import { useQuery } from '@tanstack/react-query';
import type { LxdNetwork } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { useProductName } from '../../../../shared/auth/product';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { useNavigate } from '../../../../shared/routing/router';
import { RenameDeleteActions } from '../../../../shared/ui/RenameDeleteActions';
import { networksQuery, useDeleteNetwork, useRenameNetwork } from '../queries';
import {
  deleteNetworkBlocker,
  NETWORK_MESSAGES,
  renameNetworkBlocker,
  validateNetworkName,
} from '../rules';

/**
 * Rename and Delete of a network's page header. Deleting a network in use is refused before
 * LXD is asked, saying what uses it; LXD's own error is shown if it still fails. The reasons
 * come from the network as the list has it (spec §6); a rename keeps the tab.
 */
export function NetworkActions({
  project,
  network,
  activeTab,
}: {
  project: string;
  network: LxdNetwork;
  activeTab: string | undefined;
}) {
  const { isFineGrained } = useAuth();
  const product = useProductName();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const list = useQuery(networksQuery(project, isFineGrained));
  const listed = list.data?.find((item) => item.name === network.name);
  const names = (list.data ?? []).map((item) => item.name);
  const rename = useRenameNetwork(project);
  const remove = useDeleteNetwork(project);

  return (
    <RenameDeleteActions
      kind="network"
      name={network.name}
      renameReason={
        renameNetworkBlocker(network, product) ?? permissions.on('network', 'rename', listed)
      }
      deleteReason={
        permissions.on('network', 'delete', listed) ?? deleteNetworkBlocker(network, product)
      }
      validate={(name) =>
        validateNetworkName(name, network.type) ??
        (name !== network.name && names.includes(name) ? NETWORK_MESSAGES.nameExists : undefined)
      }
      rename={(newName) => rename.mutateAsync({ name: network.name, newName })}
      remove={() => remove.mutateAsync(network.name)}
      onRenamed={(newName) => void navigate(paths.network(project, newName, activeTab))}
      onDeleted={() => void navigate(paths.networks(project))}
    />
  );
}
