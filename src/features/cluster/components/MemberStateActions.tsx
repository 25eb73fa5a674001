import { useQueryClient } from '@tanstack/react-query';
import { changeClusterMemberState } from '../../../lxd/endpoints/cluster';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { clusterKeys } from '../queries';

/** Evacuate (an online member) or restore (an evacuated one), each after a confirmation. */
export function MemberStateActions({ member }: { member: LxdClusterMember }) {
  const client = useQueryClient();
  const notify = useNotify();
  const denied = usePermissions().onServer('changeClusterMembers');
  const name = member.server_name;

  const run = async (action: 'evacuate' | 'restore') => {
    await changeClusterMemberState(name, action);
    await client.invalidateQueries({ queryKey: clusterKeys.all });
    notify.success(action === 'evacuate' ? `Member ${name} evacuated` : `Member ${name} restored`);
  };

  if (member.status === 'Evacuated') {
    return (
      <ConfirmButton
        label="Restore"
        title={`Restore ${name}`}
        confirmLabel="Restore"
        reason={denied}
        message={
          <p>
            <strong>{name}</strong> takes instances again; the instances evacuated from it are moved
            back or started.
          </p>
        }
        onConfirm={() => run('restore')}
      />
    );
  }
  const online = member.status === 'Online';
  const reason = denied
    ? denied
    : online
      ? undefined
      : `Only an online member can be evacuated (${name} is ${member.status.toLowerCase()})`;
  return (
    <ConfirmButton
      label="Evacuate"
      title={`Evacuate ${name}`}
      confirmLabel="Evacuate"
      danger
      reason={reason}
      message={
        <p>
          The instances on <strong>{name}</strong> are moved to other members or stopped, as each
          one&apos;s <code>cluster.evacuate</code> says, and the member takes no new instances until
          it is restored.
        </p>
      }
      onConfirm={() => run('evacuate')}
    />
  );
}
