import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { LxdPermission } from '../../../../lxd/types/auth';
import { useAuth } from '../../../../shared/auth/context';
import { useResourceForm } from '../../../../shared/forms';
import { permissionChoicesQuery, useEntityTypeMetadata } from '../../access';
import {
  entitiesOf,
  entitlementsOf,
  entityLabel,
  entityTypeChoices,
  entityTypeLabel,
  permissionKey,
} from '../permissions';
import { GROUP_MESSAGES } from '../rules';

/**
 * Adds one permission: an entity type, the project for project entities, an entity from the
 * server's own list (GET /1.0/auth/permissions) and one of the entitlements it offers.
 */
interface PickerValues {
  entityType: string;
  project: string;
  url: string;
  entitlement: string;
}

export function PermissionPicker({
  permissions,
  onAdd,
}: {
  permissions: readonly LxdPermission[];
  onAdd: (permission: LxdPermission) => void;
}) {
  const id = useId();
  const auth = useAuth();
  const metadata = useEntityTypeMetadata();
  const types = entityTypeChoices(metadata.data);
  const toPermission = (values: PickerValues): LxdPermission => ({
    entity_type: values.entityType,
    url: values.url,
    entitlement: values.entitlement,
  });
  const kit = useResourceForm<PickerValues>({
    defaultValues: { entityType: '', project: auth.defaultProject, url: '', entitlement: '' },
    validate: (values) => {
      const key = permissionKey(toPermission(values));
      return permissions.some((existing) => permissionKey(existing) === key)
        ? { entitlement: GROUP_MESSAGES.duplicatePermission }
        : {};
    },
    onSubmit: (values) => {
      onAdd(toPermission(values));
      kit.form.setValue('entitlement', '');
    },
  });
  const { register, setValue, control } = kit.form;
  const { entityType, project, url, entitlement } = useWatch({ control });
  const problem = kit.form.formState.errors.entitlement?.message;

  const type = types.find((candidate) => candidate.name === entityType);
  const choices = useQuery(
    permissionChoicesQuery(entityType ?? '', type?.projectSpecific ? project : undefined),
  );
  const entities = entitiesOf(choices.data ?? []);
  const entitlements = url ? entitlementsOf(choices.data ?? [], url) : [];
  // The server is the one entity of its type: it is chosen at once.
  const only = entities.length === 1 ? entities[0] : undefined;
  useEffect(() => {
    if (only !== undefined && !url) setValue('url', only);
  }, [only, url, setValue]);
  // A choice clears the choices that depend on it.
  const clears = (...fields: ('url' | 'entitlement')[]) => ({
    onChange: () => {
      for (const field of fields) setValue(field, '');
    },
  });

  return (
    <fieldset
      className="permission-picker"
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <legend>Add a permission</legend>
      <div className="permission-picker__fields">
        <div className="permission-picker__field">
          <label htmlFor={`${id}-entity-type`}>Entity type</label>
          <select
            id={`${id}-entity-type`}
            {...register('entityType', clears('url', 'entitlement'))}
          >
            <option value="">Choose…</option>
            {types.map((choice) => (
              <option key={choice.name} value={choice.name}>
                {entityTypeLabel(choice.name)}
              </option>
            ))}
          </select>
        </div>
        {type?.projectSpecific && (
          <div className="permission-picker__field">
            <label htmlFor={`${id}-project`}>Project</label>
            <select id={`${id}-project`} {...register('project', clears('url', 'entitlement'))}>
              {auth.projects.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="permission-picker__field">
          <label htmlFor={`${id}-entity`}>Entity</label>
          <select
            id={`${id}-entity`}
            {...register('url', clears('entitlement'))}
            disabled={!entityType || entities.length === 0}
          >
            <option value="">
              {!entityType
                ? 'Choose a type first'
                : choices.isPending
                  ? 'Loading…'
                  : entities.length === 0
                    ? 'None found'
                    : 'Choose…'}
            </option>
            {entities.map((candidate) => (
              <option key={candidate} value={candidate}>
                {entityLabel(candidate) || entityTypeLabel(entityType ?? '')}
              </option>
            ))}
          </select>
        </div>
        <div className="permission-picker__field">
          <label htmlFor={`${id}-entitlement`}>Entitlement</label>
          <select
            id={`${id}-entitlement`}
            {...register('entitlement')}
            disabled={entitlements.length === 0}
          >
            <option value="">Choose…</option>
            {entitlements.map((name) => (
              <option key={name} value={name} title={type?.descriptions[name]}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="p-button"
          disabled={!entityType || !url || !entitlement}
          onClick={() => void kit.submit()}
        >
          Add permission
        </button>
      </div>
      {entitlement && type?.descriptions[entitlement] && (
        <p className="p-form-help-text">{type.descriptions[entitlement]}</p>
      )}
      {choices.error && (
        <p className="p-form-validation__message" role="alert">
          Could not list the {entityTypeLabel(entityType ?? '')} entities:{' '}
          {choices.error instanceof Error ? choices.error.message : String(choices.error)}
        </p>
      )}
      {problem && (
        <p className="p-form-validation__message" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
