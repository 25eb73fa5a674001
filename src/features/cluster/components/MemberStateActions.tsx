import { useQueryClient } from '@tanstack/react-query';
import { changeClusterMemberState } from '../../../lxd/endpoints/cluster';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { canOnServer, type WithEntitlements } from '../../../shared/permissions/entitlements';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { clusterKeys } from '../queries';

export const NO_MEMBER_STATE_PERMISSION = 'You do not have permission to change cluster members';

/** Evacuate (an online member) or restore (an evacuated one), each after a confirmation. */
export function MemberStateActions({ member }: { member: LxdClusterMember }) {
  const { server, isFineGrained } = useAuth();
  const client = useQueryClient();
  const notify = useNotify();
  const allowed = canOnServer(isFineGrained, 'editServerConfig', server as WithEntitlements);
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
        disabled={!allowed}
        disabledReason={allowed ? undefined : NO_MEMBER_STATE_PERMISSION}
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
  const reason = !allowed
    ? NO_MEMBER_STATE_PERMISSION
    : online
      ? undefined
      : `Only an online member can be evacuated (${name} is ${member.status.toLowerCase()})`;
  return (
    <ConfirmButton
      label="Evacuate"
      title={`Evacuate ${name}`}
      confirmLabel="Evacuate"
      danger
      disabled={reason !== undefined}
      disabledReason={reason}
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
