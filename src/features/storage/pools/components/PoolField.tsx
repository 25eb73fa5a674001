import { useId, type ReactNode } from 'react';
import type { PoolField as Field } from '../drivers';

const YES_NO = ['true', 'false'] as const;

/**
 * One config key of the pool form: a text box, a password, or a choice whose empty entry
 * leaves the key unset (LXD's default, named in it). The message sits under the field.
 */
export function PoolField({
  field,
  label = field.label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  disabledReason,
  help = field.help,
}: {
  field: Field;
  /** Overrides the field's label ("Source on member1"). */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Shown under a field that cannot change (LXD keeps it from the creation). */
  disabledReason?: string | undefined;
  help?: ReactNode;
}) {
  const id = useId();
  const notes = [error ? `${id}-e` : '', help ? `${id}-h` : '', disabledReason ? `${id}-d` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    value,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': notes || undefined,
    'aria-required': field.required ? true : undefined,
    onBlur,
  };
  const choices = field.kind === 'bool' ? YES_NO : (field.choices ?? []);
  return (
    <div className={`p-form__group p-form-validation${error ? ' is-error' : ''}`}>
      <label htmlFor={id} className={field.required ? 'is-required' : undefined}>
        {label}
      </label>
      {field.kind === 'bool' || field.kind === 'choice' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{field.fallback ? `Default (${field.fallback})` : 'Default'}</option>
          {value !== '' && !choices.includes(value) && <option value={value}>{value}</option>}
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className="p-form-validation__input"
          type={field.kind === 'password' ? 'password' : 'text'}
          autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
          spellCheck={false}
          placeholder={field.fallback ? `Default: ${field.fallback}` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <p className="p-form-validation__message" id={`${id}-e`} role="alert">
          {error}
        </p>
      )}
      {disabledReason && (
        <p className="p-form-help-text" id={`${id}-d`}>
          {disabledReason}
        </p>
      )}
      {help && (
        <p className="p-form-help-text" id={`${id}-h`}>
          {help}
        </p>
      )}
    </div>
  );
}
