import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createClusterGroup } from '../../../lxd/endpoints/cluster';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../shared/ui/Gated';
import { groupsPostBody } from '../form';
import { clusterGroupsQuery, clusterKeys } from '../queries';
import { GroupFormModal } from './GroupFormModal';

/** "Create group": a name, a description and members, in a dialog. */
export function CreateGroupButton() {
  const client = useQueryClient();
  const notify = useNotify();
  const groups = useQuery(clusterGroupsQuery);
  const reason = usePermissions().onServer('changeClusterMembers');
  const [creating, setCreating] = useState(false);
  return (
    <>
      <GatedButton
        className="p-button--positive"
        reason={reason}
        onClick={() => {
          setCreating(true);
        }}
      >
        Create group
      </GatedButton>
      {creating && (
        <GroupFormModal
          existingNames={(groups.data ?? []).map((group) => group.name)}
          reason={reason}
          onClose={() => {
            setCreating(false);
          }}
          onSubmit={async (values) => {
            await createClusterGroup(groupsPostBody(values));
            await client.invalidateQueries({ queryKey: clusterKeys.all });
            notify.success(`Group ${values.name} created`);
          }}
        />
      )}
    </>
  );
}
