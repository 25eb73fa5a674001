import { useId, useState, type SyntheticEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isEtagConflict, type WithEtag } from '../../../lxd/client';
import type { LxdClusterGroup } from '../../../lxd/types/cluster';
import { errorText } from '../../../shared/notifications';
import { FormModal } from '../../../shared/ui/FormModal';
import { TextField } from '../../../shared/ui/TextField';
import { membersKeptInGroup, validateGroupName } from '../form';
import { clusterMembersQuery } from '../queries';
import { CheckboxGroup } from './CheckboxGroup';

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
  const formId = useId();
  const members = useQuery(clusterMembersQuery);
  const [values, setValues] = useState<GroupFormValues>({
    name: group?.name ?? '',
    description: group?.description ?? '',
    members: [...(group?.members ?? [])],
  });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const nameProblem = group ? undefined : validateGroupName(values.name.trim(), existingNames);
  const kept = group
    ? membersKeptInGroup(group.name, group.members, values.members, members.data ?? [])
    : [];
  const memberNames = [
    ...new Set([...(members.data ?? []).map((member) => member.server_name), ...values.members]),
  ].sort();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem) return;
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit({ ...values, name: values.name.trim() });
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const title = group ? `Edit group ${group.name}` : 'Create cluster group';
  return (
    <FormModal
      title={title}
      formId={formId}
      busy={busy}
      submitLabel={group ? 'Save changes' : 'Create group'}
      busyLabel={group ? 'Saving…' : 'Creating…'}
      onClose={onClose}
      reason={reason}
    >
      <form id={formId} noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
        {!group && (
          <TextField
            label="Name"
            required
            value={values.name}
            onChange={(name) => {
              setValues((current) => ({ ...current, name }));
              setTouched(true);
            }}
            error={touched ? nameProblem : undefined}
          />
        )}
        <TextField
          label="Description"
          value={values.description}
          onChange={(description) => setValues((current) => ({ ...current, description }))}
        />
        <CheckboxGroup
          legend="Members"
          options={memberNames.map((name) => ({ value: name }))}
          value={values.members}
          onChange={(list) => setValues((current) => ({ ...current, members: list }))}
          help={
            kept.length > 0
              ? `${kept.join(', ')} stay${kept.length === 1 ? 's' : ''} in this group: a member must belong to at least one group.`
              : members.error
                ? `Could not load the members: ${members.error.message}`
                : undefined
          }
        />
        {error !== undefined && (
          <div className="p-notification--negative" role="alert">
            <div className="p-notification__content">
              <h3 className="p-notification__title">
                {isEtagConflict(error)
                  ? 'Someone else changed this group'
                  : group
                    ? 'Could not save the group'
                    : 'Could not create the group'}
              </h3>
              <p className="p-notification__message">
                {isEtagConflict(error)
                  ? 'The group was changed after you opened it, so your changes were not saved. Close the dialog and open it again to edit the current group.'
                  : errorText(error)}
              </p>
            </div>
          </div>
        )}
      </form>
    </FormModal>
  );
}
