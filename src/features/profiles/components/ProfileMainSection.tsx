import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ConfigFormValues } from '../../../shared/config-form';
import type { ProfileFormMode } from '../form';
import { validateProfileName } from '../rules';

/** The main section of the profile form: name (creation only) and description. */
export function ProfileMainSection({
  form,
  mode,
  existingNames,
  readOnly,
}: {
  form: UseFormReturn<ConfigFormValues>;
  mode: ProfileFormMode;
  existingNames: readonly string[];
  readOnly: boolean;
}) {
  const id = useId();
  const nameError = form.formState.errors.name?.message;
  return (
    <div className="profile-main">
      {mode === 'create' && (
        <div className={`p-form__group p-form-validation${nameError ? ' is-error' : ''}`}>
          <label htmlFor={`${id}-name`} className="is-required">
            Name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            className="p-form-validation__input"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : `${id}-name-help`}
            {...form.register('name', {
              validate: (value) => validateProfileName(value.trim(), existingNames) ?? true,
            })}
          />
          {nameError ? (
            <p className="p-form-validation__message" id={`${id}-name-error`} role="alert">
              {nameError}
            </p>
          ) : (
            <p className="p-form-help-text" id={`${id}-name-help`}>
              Up to 63 characters, without slashes.
            </p>
          )}
        </div>
      )}
      <div className="p-form__group">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          disabled={readOnly}
          {...form.register('description')}
        />
      </div>
    </div>
  );
}
