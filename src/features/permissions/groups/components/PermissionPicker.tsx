import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { LxdPermission } from '../../../../lxd/types/auth';
import { useAuth } from '../../../../shared/auth/context';
import { permissionChoicesQuery, useEntityTypeMetadata } from '../../access/queries';
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
  const [entityType, setEntityType] = useState('');
  const [project, setProject] = useState(auth.defaultProject);
  const [url, setUrl] = useState('');
  const [entitlement, setEntitlement] = useState('');
  const [problem, setProblem] = useState<string>();

  const type = types.find((candidate) => candidate.name === entityType);
  const choices = useQuery(
    permissionChoicesQuery(entityType, type?.projectSpecific ? project : undefined),
  );
  const entities = entitiesOf(choices.data ?? []);
  // The server is the one entity of its type: it is chosen at once.
  const entity = url || (entities.length === 1 ? (entities[0] ?? '') : '');
  const entitlements = entity ? entitlementsOf(choices.data ?? [], entity) : [];

  const reset = (level: 'type' | 'entity' | 'entitlement') => {
    if (level === 'type') setUrl('');
    if (level !== 'entitlement') setEntitlement('');
    setProblem(undefined);
  };
  const add = () => {
    const permission = { entity_type: entityType, url: entity, entitlement };
    if (permissions.some((existing) => permissionKey(existing) === permissionKey(permission))) {
      setProblem(GROUP_MESSAGES.duplicatePermission);
      return;
    }
    onAdd(permission);
    setEntitlement('');
    setProblem(undefined);
  };

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
            value={entityType}
            onChange={(event) => {
              setEntityType(event.target.value);
              reset('type');
            }}
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
            <select
              id={`${id}-project`}
              value={project}
              onChange={(event) => {
                setProject(event.target.value);
                reset('type');
              }}
            >
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
            value={entity}
            disabled={entityType === '' || entities.length === 0}
            onChange={(event) => {
              setUrl(event.target.value);
              reset('entity');
            }}
          >
            <option value="">
              {entityType === ''
                ? 'Choose a type first'
                : choices.isPending
                  ? 'Loading…'
                  : entities.length === 0
                    ? 'None found'
                    : 'Choose…'}
            </option>
            {entities.map((candidate) => (
              <option key={candidate} value={candidate}>
                {entityLabel(candidate) || entityTypeLabel(entityType)}
              </option>
            ))}
          </select>
        </div>
        <div className="permission-picker__field">
          <label htmlFor={`${id}-entitlement`}>Entitlement</label>
          <select
            id={`${id}-entitlement`}
            value={entitlement}
            disabled={entitlements.length === 0}
            onChange={(event) => {
              setEntitlement(event.target.value);
              reset('entitlement');
            }}
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
          disabled={entityType === '' || entity === '' || entitlement === ''}
          onClick={add}
        >
          Add permission
        </button>
      </div>
      {entitlement && type?.descriptions[entitlement] && (
        <p className="p-form-help-text">{type.descriptions[entitlement]}</p>
      )}
      {choices.error && (
        <p className="p-form-validation__message" role="alert">
          Could not list the {entityTypeLabel(entityType)} entities:{' '}
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
