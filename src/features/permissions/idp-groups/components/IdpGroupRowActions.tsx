import { useState } from 'react';
import { deleteIdpGroup, renameIdpGroup, updateIdpGroup } from '../../../../lxd/endpoints/auth';
import type { LxdIdpGroup } from '../../../../lxd/types/auth';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { NameDialog } from '../../../../shared/forms';
import { DeleteRowButton } from '../../access';
import { EditGroupsButton } from '../../access';
import { idpGroupQuery, useAccessMutation, useGroupNames } from '../../access';
import { validateGroupName } from '../../access';
import { permissionsKeys } from '../../keys';
import { useIdpGroupNames } from './idpGroupList';

/** A row's actions: the groups it maps to, rename, delete (asked first). */
export function IdpGroupRowActions({ idpGroup }: { idpGroup: LxdIdpGroup }) {
  const notify = useNotify();
  const groups = useGroupNames();
  const existing = useIdpGroupNames();
  const { on } = usePermissions();
  const editReason = on('IdP group', 'edit', idpGroup);
  const renameReason = on('IdP group', 'rename', idpGroup);
  const deleteReason = on('IdP group', 'delete', idpGroup);
  const { name } = idpGroup;
  const [renaming, setRenaming] = useState(false);
  const close = () => setRenaming(false);
  const save = useAccessMutation(
    ({ chosen, etag }: { chosen: string[]; etag: string | undefined }) =>
      updateIdpGroup(name, chosen, etag),
  );
  const rename = useAccessMutation(
    (newName: string) => renameIdpGroup(name, newName),
    () => permissionsKeys.idpGroup(name),
  );
  const remove = useAccessMutation(
    () => deleteIdpGroup(name),
    () => permissionsKeys.idpGroup(name),
  );

  return (
    <span className="access-row-actions">
      <EditGroupsButton
        name={name}
        reason={editReason}
        what="IdP group"
        query={idpGroupQuery(name)}
        groups={groups}
        save={async (chosen, etag) => {
          await save.mutateAsync({ chosen, etag });
          notify.success(
            'IdP group saved',
            `${name} maps to ${chosen.length > 0 ? chosen.join(', ') : 'no group'}.`,
          );
        }}
      />
      <GatedButton
        className="p-button is-dense"
        aria-label={`Rename ${name}`}
        reason={renameReason}
        onClick={() => setRenaming(true)}
      >
        Rename
      </GatedButton>
      <DeleteRowButton
        name={name}
        title="Delete IdP group"
        reason={deleteReason}
        message={
          <p>
            This will permanently delete the IdP group <strong>{name}</strong>; its members lose the
            groups it maps to.
          </p>
        }
        onDelete={async () => {
          await remove.mutateAsync(undefined);
          notify.success('IdP group deleted', `IdP group ${name} was deleted.`);
        }}
      />
      {renaming && (
        <NameDialog
          title={`Rename ${name}`}
          label="New name"
          initial={name}
          submitLabel="Rename"
          validate={(newName) =>
            newName === name
              ? 'Enter a new name'
              : validateGroupName('IdP group', newName, existing)
          }
          onClose={close}
          onSubmit={async (newName) => {
            await rename.mutateAsync(newName);
            notify.success('IdP group renamed', `IdP group ${name} is now ${newName}.`);
          }}
        />
      )}
    </span>
  );
}
