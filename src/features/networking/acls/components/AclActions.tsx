import { useQuery } from '@tanstack/react-query';
import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { useNavigate } from '../../../../shared/routing/router';
import { RenameDeleteActions } from '../../../../shared/ui/RenameDeleteActions';
import { aclsQuery, useDeleteAcl, useRenameAcl } from '../queries';
import { ACL_MESSAGES, deleteAclBlocker, validateAclName } from '../rules';

/**
 * Rename and Delete of an ACL's page header (delete is refused while it is in use). The reasons
 * come from the ACL as the list has it (with its entitlements); a rename keeps the tab.
 */
export function AclActions({
  project,
  acl,
  activeTab,
}: {
  project: string;
  acl: LxdNetworkAcl;
  activeTab: string | undefined;
}) {
  const { isFineGrained } = useAuth();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const list = useQuery(aclsQuery(project, isFineGrained));
  const listed = list.data?.find((item) => item.name === acl.name);
  const names = (list.data ?? []).map((item) => item.name);
  const rename = useRenameAcl(project);
  const remove = useDeleteAcl(project);
  return (
    <RenameDeleteActions
      kind="network ACL"
      name={acl.name}
      renameReason={permissions.on('network ACL', 'rename', listed)}
      deleteReason={permissions.on('network ACL', 'delete', listed) ?? deleteAclBlocker(acl)}
      validate={(name) =>
        validateAclName(name) ??
        (name !== acl.name && names.includes(name) ? ACL_MESSAGES.nameExists : undefined)
      }
      rename={(newName) => rename.mutateAsync({ name: acl.name, newName })}
      remove={() => remove.mutateAsync(acl.name)}
      onRenamed={(newName) => void navigate(paths.networkAcl(project, newName, activeTab))}
      onDeleted={() => void navigate(paths.networkAcls(project))}
    />
  );
}
