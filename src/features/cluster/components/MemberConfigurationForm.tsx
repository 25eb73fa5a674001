import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { WithEtag } from '../../../lxd/client';
import { updateClusterMember } from '../../../lxd/endpoints/cluster';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { useAuth } from '../../../shared/auth/context';
import {
  CheckboxListInput,
  FormActions,
  ResourceForm,
  TextInput,
  useResourceForm,
  useVersionedEdit,
} from '../../../shared/forms';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import {
  isInternalRole,
  memberFormValues,
  memberPutBody,
  sameMemberValues,
  settableRoles,
  validateMemberForm,
  type MemberFormValues,
} from '../form';
import { clusterGroupsQuery, clusterKeys, clusterMemberQuery } from '../queries';

/** The fields of the member as it was read (`base`): its groups and the roles it may be given. */
function MemberFields({ base, reason }: { base: LxdClusterMember; reason: string | undefined }) {
  const auth = useAuth();
  const groups = useQuery(clusterGroupsQuery);
  const chosen = useWatch<MemberFormValues>() as MemberFormValues;
  const roles = settableRoles(auth.server.api_extensions);
  const internalRoles = (base.roles ?? []).filter(isInternalRole);
  // Groups the member is in stay choosable even before the list has loaded.
  const groupNames = [
    ...new Set([...(groups.data ?? []).map((group) => group.name), ...chosen.groups]),
  ].sort();
  const roleOptions = [...new Set([...roles, ...chosen.roles])];
  return (
    <>
      <TextInput name="description" label="Description" disabled={reason !== undefined} />
      <TextInput
        name="failureDomain"
        label="Failure domain"
        disabled={reason !== undefined}
        help="Members in the same failure domain are not made database voters together."
      />
      <CheckboxListInput
        name="groups"
        legend="Groups"
        options={groupNames.map((group) => ({ value: group }))}
        help={
          groups.error ? `Could not load the cluster groups: ${groups.error.message}` : undefined
        }
        disabledReason={() => reason}
      />
      <CheckboxListInput
        name="roles"
        legend="Roles"
        options={roleOptions.map((role) => ({ value: role }))}
        disabledReason={(role) =>
          reason ?? (roles.includes(role) ? undefined : 'This server cannot set this role')
        }
        help={
          internalRoles.length > 0
            ? `Set by the cluster itself: ${internalRoles.join(', ')}.`
            : 'The database roles are set by the cluster itself.'
        }
      />
    </>
  );
}

function MemberForm({
  base,
  busy,
  notice,
  onSubmit,
  onDirtyChange,
}: {
  base: LxdClusterMember;
  busy: boolean;
  notice: ReactNode;
  onSubmit: (values: MemberFormValues) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const reason = usePermissions().onServer('changeClusterMembers');
  const kit = useResourceForm<MemberFormValues>({
    defaultValues: memberFormValues(base),
    validate: validateMemberForm,
    isChanged: (values, defaults) => !sameMemberValues(values, defaults),
    onDirtyChange,
    busy,
    onSubmit,
  });
  return (
    <ResourceForm kit={kit} className="cluster-member-form" label="Member configuration">
      <MemberFields base={base} reason={reason} />
      {notice}
      <FormActions kit={kit} mode="edit" submitLabel="Save changes" reason={reason} />
    </ResourceForm>
  );
}

/**
 * The Configuration tab: description, failure domain, groups and the roles LXD lets a client
 * set, saved with PUT and the ETag the form was opened with (412 keeps the form and says so).
 * The PUT carries the member's config and internal roles as the console last read them.
 */
export function MemberConfigurationForm({ latest }: { latest: WithEtag<LxdClusterMember> }) {
  const client = useQueryClient();
  const notify = useNotify();
  const name = latest.server_name;
  const memberKey = clusterMemberQuery(name).queryKey;
  const save = useMutation({
    mutationFn: ({ values, etag }: { values: MemberFormValues; etag: string | undefined }) =>
      updateClusterMember(
        name,
        memberPutBody(client.getQueryData(memberKey) ?? latest, values),
        etag,
      ),
    onSuccess: async () => {
      notify.success(`Member ${name} updated`);
      await client.invalidateQueries({ queryKey: clusterKeys.all });
    },
  });
  const edit = useVersionedEdit<WithEtag<LxdClusterMember>, MemberFormValues>({
    what: 'member',
    latest,
    fetchLatest: () => client.query({ ...clusterMemberQuery(name), staleTime: 0 }),
    send: (values, etag, onSaved) => {
      save.mutate({ values, etag }, { onSuccess: onSaved });
    },
    isSaving: save.isPending,
    error: save.error,
    resetError: save.reset,
  });
  return (
    <MemberForm
      key={edit.formKey}
      base={edit.base}
      busy={save.isPending}
      notice={edit.notice}
      onSubmit={edit.save}
      onDirtyChange={edit.onDirtyChange}
    />
  );
}
