import { useQuery } from '@tanstack/react-query';
import type { WithEtag } from '../../../lxd/client';
import type { LxdClusterGroup } from '../../../lxd/types/cluster';
import {
  CheckboxListInput,
  FormFailure,
  ResourceFormModal,
  TextInput,
  useResourceForm,
} from '../../../shared/forms';
import { membersKeptInGroup, validateGroupName } from '../form';
import { clusterMembersQuery } from '../queries';

export interface GroupFormValues {
  name: string;
  description: string;
  members: string[];
}

/**
 * Creates a group (name, description, members) or edits one (description, members). The form
 * stays open with what was typed when the server refuses it.
 */
export function GroupFormModal({
  group,
  existingNames,
  reason,
  onSubmit,
  onClose,
}: {
  /** The group being edited (with its ETag); none to create one. */
  group?: WithEtag<LxdClusterGroup>;
  existingNames: readonly string[];
  reason: string | undefined;
  onSubmit: (values: GroupFormValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const members = useQuery(clusterMembersQuery);
  const kit = useResourceForm<GroupFormValues>({
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      members: [...(group?.members ?? [])],
    },
    validate: (values) =>
      group ? {} : { name: validateGroupName(values.name.trim(), existingNames) },
    onSubmit: async (values) => {
      await onSubmit({ ...values, name: values.name.trim() });
      onClose();
    },
  });
  const chosen = kit.form.watch('members');
  const kept = group
    ? membersKeptInGroup(group.name, group.members, chosen, members.data ?? [])
    : [];
  const memberNames = [
    ...new Set([...(members.data ?? []).map((member) => member.server_name), ...chosen]),
  ].sort();

  const title = group ? `Edit group ${group.name}` : 'Create cluster group';
  return (
    <ResourceFormModal
      kit={kit}
      title={title}
      submitLabel={group ? 'Save changes' : 'Create group'}
      busyLabel={group ? 'Saving…' : 'Creating…'}
      onClose={onClose}
      reason={reason}
    >
      {!group && <TextInput name="name" label="Name" required />}
      <TextInput name="description" label="Description" />
      <CheckboxListInput
        name="members"
        legend="Members"
        options={memberNames.map((name) => ({ value: name }))}
        help={
          kept.length > 0
            ? `${kept.join(', ')} stay${kept.length === 1 ? 's' : ''} in this group: a member must belong to at least one group.`
            : members.error
              ? `Could not load the members: ${members.error.message}`
              : undefined
        }
      />
      <FormFailure failure={kit.failure} what="group" action={group ? 'save' : 'create'} />
    </ResourceFormModal>
  );
}
