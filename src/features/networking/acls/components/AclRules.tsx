import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { useVersionedEdit } from '../../../../shared/forms';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { aclToValues, valuesToPut, type AclFormValues } from '../form';
import { aclQuery, aclsQuery, useUpdateAcl } from '../queries';
import { AclForm } from './AclForm';

/**
 * The ACL's description and rules as a form. It keeps the version it was opened with (its ETag
 * goes back as If-Match, 412 is a conflict that keeps the edits); without edits it follows
 * changes made elsewhere. Read-only when the identity may not edit the ACL (spec §6: the ACL as
 * listed, with its entitlements).
 */
export function AclRules({ project, latest }: { project: string; latest: LxdNetworkAcl }) {
  const notify = useNotify();
  const client = useQueryClient();
  const { isFineGrained } = useAuth();
  const list = useQuery(aclsQuery(project, isFineGrained));
  const listed = list.data?.find((acl) => acl.name === latest.name);
  const readOnlyReason = usePermissions().on('network ACL', 'edit', listed);
  const update = useUpdateAcl(project, latest.name);
  const edit = useVersionedEdit<LxdNetworkAcl, AclFormValues>({
    what: 'network ACL',
    latest,
    fetchLatest: () => client.query({ ...aclQuery(project, latest.name), staleTime: 0 }),
    send: (values, etag, onSaved) => {
      update.mutate(
        { body: valuesToPut(values), etag },
        {
          onSuccess: () => {
            notify.success('Network ACL updated', `Network ACL ${latest.name} was saved.`);
            onSaved();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });

  return (
    <AclForm
      key={edit.formKey}
      mode="edit"
      project={project}
      initial={aclToValues(edit.base)}
      onSubmit={edit.save}
      busy={update.isPending}
      readOnlyReason={readOnlyReason}
      onDirtyChange={edit.onDirtyChange}
      notice={edit.notice}
    />
  );
}
