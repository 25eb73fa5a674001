import { useId, useState, type ReactNode } from 'react';
import {
  CheckboxListInput,
  FormActions,
  FormFailure,
  ResourceForm,
  TextareaInput,
  TextInput,
  useResourceForm,
} from '../../../../shared/forms';
import { Link } from '../../../../shared/routing/router';
import { paths } from '../../../../shared/routing/paths';
import { changeLines, groupChanges, hasChanges, type GroupFormValues } from '../form';
import { GroupPermissions } from './GroupPermissions';
import { ReviewModal } from './ReviewModal';

/** Past this many identities or IdP groups a list gets a filter box. */
const FILTER_FROM = 8;

/** An identity a group can have as member: its key, name and authentication method. */
export interface MemberChoice {
  value: string;
  label: string;
  hint: string;
}

export interface GroupFormProps {
  mode: 'create' | 'edit';
  initial: GroupFormValues;
  /** Identities that can be members; undefined while loading. */
  identities: readonly MemberChoice[] | undefined;
  /** IdP groups that can map to the group; undefined while loading. */
  idpGroups: readonly string[] | undefined;
  /** The problem with a new group's name. */
  validateName: (name: string) => string | undefined;
  /** Sends the values; a create returns its promise (a refusal keeps the form as typed). */
  onSubmit: (values: GroupFormValues) => unknown;
  busy: boolean;
  readOnlyReason?: string | undefined;
  notice?: ReactNode;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * A group's description, permissions, member identities and the IdP groups mapped to it (and
 * its name when it is created). An edit is saved after a summary of what it adds and removes.
 */
export function GroupForm(props: GroupFormProps) {
  const { mode, initial } = props;
  const id = useId();
  const [reviewing, setReviewing] = useState(false);
  const readOnly = props.readOnlyReason !== undefined;
  const kit = useResourceForm<GroupFormValues>({
    defaultValues: initial,
    validate: (values) =>
      mode === 'create' ? { name: props.validateName(values.name.trim()) } : {},
    isChanged: (values, defaults) => hasChanges(groupChanges(defaults, values)),
    onDirtyChange: mode === 'edit' ? props.onDirtyChange : undefined,
    busy: props.busy,
    onSubmit: (values) => {
      if (mode === 'edit') setReviewing(true);
      else return props.onSubmit({ ...values, name: values.name.trim() });
      return undefined;
    },
  });

  const identityName = (key: string) =>
    props.identities?.find((item) => item.value === key)?.label ?? key;
  const idpItems = props.idpGroups && [
    ...props.idpGroups,
    ...initial.idpGroups.filter((name) => !props.idpGroups?.includes(name)),
  ];
  const reviewed = reviewing ? kit.form.getValues() : undefined;
  const changes = reviewed && groupChanges(initial, reviewed);

  return (
    <ResourceForm kit={kit} label="Group" className="group-form">
      {props.readOnlyReason && (
        <p className="access-locked" role="note">
          {props.readOnlyReason}
        </p>
      )}
      <div className="group-form__main">
        {mode === 'create' && <TextInput name="name" label="Name" required disabled={readOnly} />}
        <TextareaInput name="description" label="Description" rows={2} disabled={readOnly} />
      </div>
      <GroupPermissions headingId={`${id}-permissions`} readOnly={readOnly} />
      <section className="group-form__section group-form__members">
        <CheckboxListInput
          name="identities"
          legend="Identities"
          loading={props.identities === undefined}
          options={props.identities ?? []}
          filterFrom={FILTER_FROM}
          disabled={readOnly}
          empty={
            <p className="p-form-help-text">
              No identities that groups apply to (TLS clients added with a token, OIDC users).
            </p>
          }
        />
        <CheckboxListInput
          name="idpGroups"
          legend="IdP groups"
          loading={idpItems === undefined}
          options={(idpItems ?? []).map((name) => ({ value: name }))}
          filterFrom={FILTER_FROM}
          disabled={readOnly}
          empty={
            <p className="p-form-help-text">
              No IdP groups exist. Create them on the{' '}
              <Link to={paths.permissionsIdpGroups()}>IdP groups</Link> page.
            </p>
          }
        />
      </section>
      {props.notice}
      <FormFailure failure={kit.failure} what="group" action="create" />
      {readOnly ? (
        <div className="form-actions">
          <button type="button" className="p-button--base" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      ) : (
        <FormActions
          kit={kit}
          mode={mode}
          submitLabel={mode === 'create' ? 'Create group' : 'Save changes'}
          onCancel={props.onCancel}
        />
      )}
      {reviewed && changes && (
        <ReviewModal
          lines={changeLines(changes, identityName)}
          description={changes.description ? reviewed.description : undefined}
          onClose={() => {
            setReviewing(false);
          }}
          onConfirm={() => {
            setReviewing(false);
            void props.onSubmit(reviewed);
          }}
        />
      )}
    </ResourceForm>
  );
}
