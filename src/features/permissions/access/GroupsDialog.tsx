import type { ReactNode } from 'react';
import { isEtagConflict } from '../../../lxd/client';
import {
  CheckboxListInput,
  ResourceFormModal,
  TextInput,
  useResourceForm,
} from '../../../shared/forms';
import { Link } from '../../../shared/routing/router';
import { paths } from '../../../shared/routing/paths';
import { ErrorNotice } from '../../../shared/ui/States';
import { GROUPS_MESSAGES, groupsDialogProblems } from './rules';

export interface NameFieldSpec {
  label: string;
  /** The problem with a name, if any (shown next to the field once touched or submitted). */
  validate: (name: string) => string | undefined;
  help?: string;
}

export interface GroupsValues {
  name: string;
  groups: string[];
}

/** Past this many groups the list gets a filter box. */
const FILTER_FROM = 8;

/**
 * A dialog choosing groups (an identity's, an IdP group's mapping, groups to add to several
 * identities), with a name field when it creates something. The server's refusal is shown in the
 * dialog and the choice is kept; a 412 says that someone else changed the object and `onConflict`
 * reads it again, so that saving again replaces their change.
 */
export function GroupsDialog({
  title,
  intro,
  groups,
  initial = [],
  submitLabel,
  nameField,
  what,
  requireGroup = false,
  onSubmit,
  onConflict,
  onClose,
}: {
  title: string;
  intro?: ReactNode;
  /** Every group's name; undefined while loading. */
  groups: readonly string[] | undefined;
  initial?: readonly string[];
  submitLabel: string;
  nameField?: NameFieldSpec;
  /** What is being changed, for the 412 message ("identity", "IdP group"). */
  what: string;
  /** At least one group must be chosen (adding or removing groups). */
  requireGroup?: boolean;
  onSubmit: (values: GroupsValues) => Promise<void>;
  onConflict?: () => void;
  onClose: () => void;
}) {
  const kit = useResourceForm<GroupsValues>({
    defaultValues: { name: '', groups: [...initial] },
    validate: (values) => groupsDialogProblems(values, nameField?.validate, requireGroup),
    onSubmit: async (values) => {
      try {
        await onSubmit({ name: values.name.trim(), groups: values.groups });
      } catch (error) {
        if (isEtagConflict(error)) onConflict?.();
        throw error;
      }
      onClose();
    },
  });
  // Groups the object has but the list does not (not visible to the signed-in identity).
  const names = [...(groups ?? []), ...initial.filter((group) => !groups?.includes(group))];
  const { failure } = kit;

  return (
    <ResourceFormModal
      kit={kit}
      title={title}
      submitLabel={submitLabel}
      onClose={onClose}
      className="access-dialog"
      after={
        failure !== undefined &&
        failure !== null && (
          <ErrorNotice
            title="Not saved"
            error={isEtagConflict(failure) ? GROUPS_MESSAGES.conflict(what) : failure}
          />
        )
      }
    >
      {intro}
      {nameField && (
        <TextInput name="name" label={nameField.label} help={nameField.help} required />
      )}
      <CheckboxListInput
        name="groups"
        legend="Groups"
        loading={groups === undefined}
        filterFrom={FILTER_FROM}
        options={names.map((group) => ({ value: group }))}
        empty={
          <p className="p-form-help-text">
            No groups exist yet. <Link to={paths.permissionsGroupCreate()}>Create a group</Link>{' '}
            first.
          </p>
        }
      />
    </ResourceFormModal>
  );
}
