import { useEffect, useId, useMemo, useState, type ReactNode, type SubmitEvent } from 'react';
import { Link } from '../../../../shared/routing/router';
import type { LxdPermission } from '../../../../lxd/types/auth';
import { paths } from '../../../../shared/routing/paths';
import { Modal } from '../../../../shared/ui/Modal';
import { SortedTable, textColumn, type ListColumn } from '../../../../shared/ui/list';
import { Checklist, type ChecklistItem } from '../../access/Checklist';
import { NameField } from '../../access/NameField';
import {
  changeLines,
  groupChanges,
  hasChanges,
  type ChangeLine,
  type GroupFormValues,
} from '../form';
import { describePermission, entityLabel, entityTypeLabel, permissionKey } from '../permissions';
import { PermissionPicker } from './PermissionPicker';
import '../../../../shared/ui/form-actions.scss';

const entityName = (permission: LxdPermission) =>
  entityLabel(permission.url) || entityTypeLabel(permission.entity_type);

const PERMISSION_COLUMNS: ListColumn<LxdPermission>[] = [
  textColumn('type', 'Entity type', (permission) => entityTypeLabel(permission.entity_type), {
    width: 12,
  }),
  textColumn('entity', 'Entity', entityName),
  textColumn('entitlement', 'Entitlement', (permission) => permission.entitlement, { width: 14 }),
];

/** The summary shown before an edit is saved: each line what it adds (+) or removes (−). */
function ReviewModal({
  lines,
  description,
  onConfirm,
  onClose,
}: {
  lines: readonly ChangeLine[];
  description: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Review changes"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="p-button--base" onClick={onClose}>
            Back to editing
          </button>
          <button type="button" className="p-button--positive" onClick={onConfirm}>
            Save changes
          </button>
        </>
      }
    >
      <p>Saving the group makes these changes:</p>
      <ul className="p-list group-changes" aria-label="Changes">
        {description !== undefined && (
          <li className="p-list__item">Description: {description || '(none)'}</li>
        )}
        {lines.map((line) => (
          <li
            key={`${line.sign}${line.text}`}
            className={`p-list__item group-changes__${line.sign === '+' ? 'added' : 'removed'}`}
          >
            {line.sign} {line.text}
          </li>
        ))}
      </ul>
    </Modal>
  );
}

export interface GroupFormProps {
  mode: 'create' | 'edit';
  initial: GroupFormValues;
  /** Identities that can be members; undefined while loading. */
  identities: readonly ChecklistItem[] | undefined;
  /** IdP groups that can map to the group; undefined while loading. */
  idpGroups: readonly string[] | undefined;
  /** The problem with a new group's name. */
  validateName: (name: string) => string | undefined;
  onSubmit: (values: GroupFormValues) => void;
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
  const { mode, initial, onDirtyChange } = props;
  const id = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const readOnly = props.readOnlyReason !== undefined;

  const changes = useMemo(() => groupChanges(initial, values), [initial, values]);
  const dirty = mode === 'edit' && hasChanges(changes);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const nameProblem = mode === 'create' ? props.validateName(values.name.trim()) : undefined;
  const shownNameProblem = touched ? nameProblem : undefined;
  const identityName = (key: string) =>
    props.identities?.find((item) => item.value === key)?.label ?? key;
  const update = (patch: Partial<GroupFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem) return;
    if (mode === 'edit') setReviewing(true);
    else props.onSubmit({ ...values, name: values.name.trim() });
  };

  const idpItems = props.idpGroups && [
    ...props.idpGroups,
    ...initial.idpGroups.filter((name) => !props.idpGroups?.includes(name)),
  ];

  return (
    <form className="group-form" onSubmit={submit} noValidate aria-label="Group">
      {props.readOnlyReason && (
        <p className="access-locked" role="note">
          {props.readOnlyReason}
        </p>
      )}
      <div className="group-form__main">
        {mode === 'create' && (
          <NameField
            id={`${id}-name`}
            value={values.name}
            disabled={readOnly}
            onChange={(name) => update({ name })}
            onBlur={() => setTouched(true)}
            problem={shownNameProblem}
          />
        )}
        <div className="p-form__group">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            rows={2}
            value={values.description}
            disabled={readOnly}
            onChange={(event) => update({ description: event.target.value })}
          />
        </div>
      </div>

      <section className="group-form__section" aria-labelledby={`${id}-permissions`}>
        <h2 className="p-heading--5" id={`${id}-permissions`}>
          Permissions
        </h2>
        <SortedTable<LxdPermission>
          label="Permissions"
          rows={values.permissions}
          columns={PERMISSION_COLUMNS}
          rowKey={permissionKey}
          rowLabel={describePermission}
          initialSort={{ column: 'type', direction: 'ascending' }}
          empty="No permissions yet."
          actionsWidth={8.5}
          rowActions={
            readOnly
              ? undefined
              : (permission) => (
                  <button
                    type="button"
                    className="p-button--base is-dense"
                    aria-label={`Remove ${describePermission(permission)}`}
                    onClick={() =>
                      update({
                        permissions: values.permissions.filter(
                          (candidate) => permissionKey(candidate) !== permissionKey(permission),
                        ),
                      })
                    }
                  >
                    Remove
                  </button>
                )
          }
        />
        {!readOnly && (
          <PermissionPicker
            permissions={values.permissions}
            onAdd={(permission) => update({ permissions: [...values.permissions, permission] })}
          />
        )}
      </section>

      <section className="group-form__section group-form__members">
        <Checklist
          legend="Identities"
          items={props.identities}
          selected={values.identities}
          disabled={readOnly}
          onChange={(identities) => update({ identities })}
          empty="No identities that groups apply to (TLS clients added with a token, OIDC users)."
        />
        <Checklist
          legend="IdP groups"
          items={idpItems?.map((name) => ({ value: name, label: name }))}
          selected={values.idpGroups}
          disabled={readOnly}
          onChange={(idpGroups) => update({ idpGroups })}
          empty={
            <>
              No IdP groups exist. Create them on the{' '}
              <Link to={paths.permissionsIdpGroups()}>IdP groups</Link> page.
            </>
          }
        />
      </section>

      {props.notice}
      <div className="form-actions">
        <button type="button" className="p-button--base" onClick={props.onCancel}>
          Cancel
        </button>
        {!readOnly && (
          <button
            type="submit"
            className="p-button--positive"
            disabled={props.busy || (mode === 'edit' && !dirty)}
            aria-busy={props.busy}
          >
            {props.busy
              ? mode === 'create'
                ? 'Creating…'
                : 'Saving…'
              : mode === 'create'
                ? 'Create group'
                : 'Save changes'}
          </button>
        )}
      </div>
      {reviewing && (
        <ReviewModal
          lines={changeLines(changes, identityName)}
          description={changes.description ? values.description : undefined}
          onClose={() => setReviewing(false)}
          onConfirm={() => {
            setReviewing(false);
            props.onSubmit(values);
          }}
        />
      )}
    </form>
  );
}
