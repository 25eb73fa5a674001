import type { LxdNetwork } from '../../../../lxd/types/network';
import { RenameDeleteActions } from '../../../../shared/ui/RenameDeleteActions';
import { useDeleteNetwork, useRenameNetwork } from '../queries';
import {
  deleteNetworkBlocker,
  NETWORK_MESSAGES,
  renameNetworkBlocker,
  validateNetworkName,
} from '../rules';

/**
 * Rename and Delete of a network's page header. Deleting a network in use is refused before
 * LXD is asked, saying what uses it; LXD's own error is shown if it still fails.
 */
export function NetworkActions({
  project,
  network,
  existingNames,
  renameReason,
  deleteReason,
  onRenamed,
  onDeleted,
}: {
  project: string;
  network: LxdNetwork;
  existingNames: readonly string[];
  /** Why the identity may not rename or delete it (spec §6), if so. */
  renameReason: string | undefined;
  deleteReason: string | undefined;
  onRenamed: (newName: string) => void;
  onDeleted: () => void;
}) {
  const rename = useRenameNetwork(project);
  const remove = useDeleteNetwork(project);

  return (
    <RenameDeleteActions
      kind="network"
      name={network.name}
      renameReason={renameNetworkBlocker(network) ?? renameReason}
      deleteReason={(network.managed ? deleteReason : undefined) ?? deleteNetworkBlocker(network)}
      validate={(name) =>
        validateNetworkName(name, network.type) ??
        (name !== network.name && existingNames.includes(name)
          ? NETWORK_MESSAGES.nameExists
          : undefined)
      }
      rename={(newName) => rename.mutateAsync({ name: network.name, newName })}
      remove={() => remove.mutateAsync(network.name)}
      onRenamed={onRenamed}
      onDeleted={onDeleted}
    />
  );
}
