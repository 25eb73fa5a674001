import { useId, type ReactNode } from 'react';
import type { NetworkType } from '../../../../lxd/types/network';
import type { NetworkFormMode } from '../form';
import { typeLabel } from '../rules';

/** Name (creation), description and type of the main section; the type's fields follow. */
export function NetworkMainSection({
  mode,
  name,
  nameError,
  description,
  type,
  types,
  readOnly,
  onNameChange,
  onNameBlur,
  onDescriptionChange,
  onTypeChange,
  children,
}: {
  mode: NetworkFormMode;
  name: string;
  nameError: string | undefined;
  description: string;
  type: string;
  types: readonly NetworkType[];
  readOnly: boolean;
  onNameChange: (name: string) => void;
  onNameBlur: () => void;
  onDescriptionChange: (description: string) => void;
  onTypeChange: (type: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="network-main">
      {mode === 'create' && (
        <div className={`p-form__group p-form-validation${nameError ? ' is-error' : ''}`}>
          <label htmlFor={`${id}-name`} className="is-required">
            Name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            className="p-form-validation__input"
            value={name}
            autoComplete="off"
            spellCheck={false}
            disabled={readOnly}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : `${id}-name-help`}
            onChange={(event) => onNameChange(event.target.value)}
            onBlur={onNameBlur}
          />
          {nameError ? (
            <p className="p-form-validation__message" id={`${id}-name-error`} role="alert">
              {nameError}
            </p>
          ) : (
            <p className="p-form-help-text" id={`${id}-name-help`}>
              {type === 'bridge'
                ? 'A bridge is a host interface: 2 to 15 letters, digits, "-", "_" or ".".'
                : 'Up to 63 characters, without /, ?, &, + or :.'}
            </p>
          )}
        </div>
      )}
      <div className="p-form__group">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={description}
          disabled={readOnly}
          onChange={(event) => onDescriptionChange(event.target.value)}
        />
      </div>
      <div className="p-form__group">
        <label htmlFor={`${id}-type`}>Type</label>
        {mode === 'create' ? (
          <select
            id={`${id}-type`}
            value={type}
            disabled={readOnly}
            aria-describedby={`${id}-type-help`}
            onChange={(event) => onTypeChange(event.target.value)}
          >
            {types.map((option) => (
              <option key={option} value={option}>
                {typeLabel(option)}
              </option>
            ))}
          </select>
        ) : (
          <input id={`${id}-type`} type="text" value={typeLabel(type)} readOnly />
        )}
        <p className="p-form-help-text" id={`${id}-type-help`}>
          {mode === 'create'
            ? 'The types this server can create here.'
            : 'The type of a network cannot be changed.'}
        </p>
      </div>
      {children}
    </div>
  );
}
