import { useState } from 'react';
import { createIdpGroup } from '../../../../lxd/endpoints/auth';
import { useNotify } from '../../../../shared/notifications';
import { GatedButton } from '../../../../shared/ui/Gated';
import { GroupsDialog } from '../../access';
import { useAccessMutation, useCanOnServer, useGroupNames } from '../../access';
import { validateGroupName } from '../../access';
import { NO_CREATE_IDP_GROUP, useIdpGroupNames } from './idpGroupList';

/** "Create IdP group": its name as the identity provider sends it, and the groups it maps to. */
export function CreateIdpGroupButton() {
  const notify = useNotify();
  const groups = useGroupNames();
  const existing = useIdpGroupNames();
  const canCreate = useCanOnServer('createIdpGroups');
  const [creating, setCreating] = useState(false);
  const create = useAccessMutation(createIdpGroup);
  return (
    <>
      <GatedButton
        className="p-button--positive"
        reason={canCreate ? undefined : NO_CREATE_IDP_GROUP}
        onClick={() => {
          setCreating(true);
        }}
      >
        Create IdP group
      </GatedButton>
      {creating && (
        <GroupsDialog
          title="Create IdP group"
          intro={
            <p className="p-form-help-text">
              Use the group&apos;s name exactly as the identity provider sends it.
            </p>
          }
          nameField={{
            label: 'Name',
            validate: (name) => validateGroupName('IdP group', name, existing),
          }}
          groups={groups}
          submitLabel="Create IdP group"
          what="IdP group"
          onClose={() => {
            setCreating(false);
          }}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            notify.success('IdP group created', `IdP group ${values.name} was created.`);
          }}
        />
      )}
    </>
  );
}
