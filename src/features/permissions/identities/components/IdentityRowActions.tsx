import { deleteIdentity, updateIdentity } from '../../../../lxd/endpoints/auth';
import type { LxdIdentity } from '../../../../lxd/types/identity';
import { useNotify } from '../../../../shared/notifications';
import { DeleteRowButton } from '../../access';
import { EditGroupsButton } from '../../access';
import { identityQuery, useAccessMutation, useGroupNames } from '../../access';
import { permissionsKeys } from '../../keys';
import { authMethodLabel, identityLabel } from '../rules';

/** A row's actions: change the identity's groups, delete it (asked first). */
export function IdentityRowActions({
  identity,
  isCurrent,
  editReason,
  deleteReason,
}: {
  identity: LxdIdentity;
  isCurrent: boolean;
  editReason: string | undefined;
  deleteReason: string | undefined;
}) {
  const notify = useNotify();
  const groups = useGroupNames();
  const label = identityLabel(identity);
  const save = useAccessMutation(
    ({ chosen, etag }: { chosen: string[]; etag: string | undefined }) =>
      updateIdentity(identity.authentication_method, identity.id, { groups: chosen }, etag),
  );
  const remove = useAccessMutation(
    () => deleteIdentity(identity.authentication_method, identity.id),
    () => permissionsKeys.identity(identity.authentication_method, identity.id),
  );
  return (
    <span className="access-row-actions">
      <EditGroupsButton
        name={label}
        reason={editReason}
        what="identity"
        query={identityQuery(identity.authentication_method, identity.id)}
        groups={groups}
        save={async (chosen, etag) => {
          await save.mutateAsync({ chosen, etag });
          notify.success(
            'Groups saved',
            `${label} is now in ${chosen.length > 0 ? chosen.join(', ') : 'no group'}.`,
          );
        }}
      />
      <DeleteRowButton
        name={label}
        title="Delete identity"
        reason={deleteReason}
        message={
          <>
            <p>
              This will permanently delete the {authMethodLabel(identity.authentication_method)}{' '}
              identity <strong>{label}</strong>; it will no longer be able to use the server.
            </p>
            {isCurrent && (
              <p>
                <strong>This is the identity you are signed in with: you will lose access.</strong>
              </p>
            )}
          </>
        }
        onDelete={async () => {
          await remove.mutateAsync(undefined);
          notify.success('Identity deleted', `Identity ${label} was deleted.`);
        }}
      />
    </span>
  );
}
