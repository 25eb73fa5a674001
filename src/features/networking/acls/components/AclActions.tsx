import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { RenameDeleteActions } from '../../../../shared/ui/RenameDeleteActions';
import { useDeleteAcl, useRenameAcl } from '../queries';
import { ACL_MESSAGES, deleteAclBlocker, validateAclName } from '../rules';

/** Rename and Delete of an ACL's page header (delete is refused while it is in use). */
export function AclActions({
  project,
  acl,
  existingNames,
  renameReason,
  deleteReason,
  onRenamed,
  onDeleted,
}: {
  project: string;
  acl: LxdNetworkAcl;
  existingNames: readonly string[];
  /** Why the identity may not rename or delete it (spec §6), if so. */
  renameReason: string | undefined;
  deleteReason: string | undefined;
  onRenamed: (newName: string) => void;
  onDeleted: () => void;
}) {
  const rename = useRenameAcl(project);
  const remove = useDeleteAcl(project);
  return (
    <RenameDeleteActions
      kind="network ACL"
      name={acl.name}
      renameReason={renameReason}
      deleteReason={deleteReason ?? deleteAclBlocker(acl)}
      validate={(name) =>
        validateAclName(name) ??
        (name !== acl.name && existingNames.includes(name) ? ACL_MESSAGES.nameExists : undefined)
      }
      rename={(newName) => rename.mutateAsync({ name: acl.name, newName })}
      remove={() => remove.mutateAsync(acl.name)}
      onRenamed={onRenamed}
      onDeleted={onDeleted}
    />
  );
}
