import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteClusterGroup,
  fetchClusterGroup,
  renameClusterGroup,
  updateClusterGroup,
} from '../../../lxd/endpoints/cluster';
import type { WithEtag } from '../../../lxd/client';
import type { LxdClusterGroup } from '../../../lxd/types/cluster';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../shared/ui/Gated';
import { RenameButton } from '../../../shared/forms';
import {
  DEFAULT_GROUP,
  DEFAULT_GROUP_REASON,
  groupDeleteReason,
  groupPutBody,
  validateGroupName,
} from '../form';
import { clusterGroupsQuery, clusterKeys } from '../queries';
import { GroupFormModal } from './GroupFormModal';

/** A group row's Edit, Rename and Delete (the `default` group is neither renamed nor deleted). */
export function GroupActions({ group }: { group: LxdClusterGroup }) {
  const client = useQueryClient();
  const notify = useNotify();
  const groups = useQuery(clusterGroupsQuery);
  const existingNames = (groups.data ?? []).map((other) => other.name);
  const reason = usePermissions().onServer('changeClusterMembers');
  const [editing, setEditing] = useState<WithEtag<LxdClusterGroup>>();
  const [loadError, setLoadError] = useState<string>();
  const refresh = () => client.invalidateQueries({ queryKey: clusterKeys.all });
  const others = existingNames.filter((name) => name !== group.name);

  const openEdit = async () => {
    setLoadError(undefined);
    try {
      setEditing(await fetchClusterGroup(group.name));
    } catch (e) {
      setLoadError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div className="cluster-row-actions">
      <GatedButton
        className="p-button is-dense"
        reason={reason}
        onClick={() => void openEdit()}
        aria-label={`Edit ${group.name}`}
      >
        Edit
      </GatedButton>
      <RenameButton
        title={`Rename group ${group.name}`}
        currentName={group.name}
        validate={(name) => validateGroupName(name, others)}
        disabledReason={reason ?? (group.name === DEFAULT_GROUP ? DEFAULT_GROUP_REASON : undefined)}
        onRename={async (newName) => {
          await renameClusterGroup(group.name, newName);
          await refresh();
          notify.success(`Group ${group.name} renamed to ${newName}`);
        }}
      />
      <ConfirmButton
        label="Delete"
        title={`Delete group ${group.name}`}
        confirmLabel="Delete"
        danger
        className="p-button--negative is-dense"
        reason={reason ?? groupDeleteReason(group)}
        message={
          <p>
            The cluster group <strong>{group.name}</strong> is deleted. Instances can no longer be
            placed on it.
          </p>
        }
        onConfirm={async () => {
          await deleteClusterGroup(group.name);
          await refresh();
          notify.success(`Group ${group.name} deleted`);
        }}
      />
      {loadError && (
        <span className="cluster-list__error" role="alert">
          Could not open {group.name}: {loadError}
        </span>
      )}
      {editing && (
        <GroupFormModal
          group={editing}
          existingNames={existingNames}
          reason={reason}
          onClose={() => setEditing(undefined)}
          onSubmit={async (values) => {
            await updateClusterGroup(group.name, groupPutBody(values), editing.etag);
            await refresh();
            notify.success(`Group ${group.name} updated`);
          }}
        />
      )}
    </div>
  );
}
