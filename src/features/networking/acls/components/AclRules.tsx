import { useQueryClient } from '@tanstack/react-query';
import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { useVersionedEdit } from '../../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../../shared/notifications';
import { aclToValues, valuesToPut, type AclFormValues } from '../form';
import { aclQuery, useUpdateAcl } from '../queries';
import { AclForm } from './AclForm';

/**
 * The ACL's description and rules as a form. It keeps the version it was opened with (its ETag
 * goes back as If-Match, 412 is a conflict that keeps the edits); without edits it follows
 * changes made elsewhere.
 */
export function AclRules({
  project,
  latest,
  readOnlyReason,
}: {
  project: string;
  latest: LxdNetworkAcl;
  /** Why the identity may not change it (spec §6), if so. */
  readOnlyReason: string | undefined;
}) {
  const notify = useNotify();
  const client = useQueryClient();
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
      base={edit.base}
      onSubmit={edit.save}
      busy={update.isPending}
      readOnlyReason={readOnlyReason}
      onDirtyChange={edit.onDirtyChange}
      notice={edit.notice}
    />
  );
}
