import { useId } from 'react';
import type { AddressOption } from '../rules';

/**
 * An address field: typed, or picked from `options` (the network's addresses, the instances'
 * addresses). Picking fills the field; the message shows next to it.
 */
export function AddressInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  help,
  options,
  pickerLabel,
  pickerPlaceholder,
  required = false,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  help?: string | undefined;
  options: readonly AddressOption[];
  /** The picker's accessible name ("Pick the listen address from the network"). */
  pickerLabel: string;
  /** The picker's first, empty choice ("Network addresses…"). */
  pickerPlaceholder: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : help ? `${id}-help` : undefined;
  return (
    <div className={`p-form__group p-form-validation address-input${error ? ' is-error' : ''}`}>
      <label htmlFor={id} className={required ? 'is-required' : undefined}>
        {label}
      </label>
      <div className="address-input__row">
        <input
          id={id}
          type="text"
          className="p-form-validation__input"
          autoComplete="off"
          spellCheck={false}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
        />
        {options.length > 0 && !disabled && (
          <select
            aria-label={pickerLabel}
            value=""
            onChange={(event) => {
              if (event.target.value !== '') onChange(event.target.value);
              onBlur?.();
            }}
          >
            <option value="">{pickerPlaceholder}</option>
            {options.map((option) => (
              <option key={option.label} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </div>
      {error ? (
        <p className="p-form-validation__message" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        help && (
          <p className="p-form-help-text" id={`${id}-help`}>
            {help}
          </p>
        )
      )}
    </div>
  );
}
