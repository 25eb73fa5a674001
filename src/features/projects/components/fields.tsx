import { useId, type ReactNode } from 'react';
import { SIZE_UNITS, splitSize } from '../validation';

interface FieldShell {
  label: string;
  help?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}

function describedBy(errorId: string, helpId: string, error?: string, help?: ReactNode) {
  const ids = [error ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

function Messages({
  error,
  help,
  errorId,
  helpId,
}: {
  error?: string | undefined;
  help?: ReactNode;
  errorId: string;
  helpId: string;
}) {
  return (
    <>
      {error && (
        <p className="p-form-validation__message" id={errorId} role="alert">
          {error}
        </p>
      )}
      {help && (
        <p className="p-form-help-text" id={helpId}>
          {help}
        </p>
      )}
    </>
  );
}

export function TextField({
  label,
  help,
  error,
  disabled,
  value,
  onChange,
  onBlur,
  placeholder,
  required,
  autoFocus,
  multiline,
}: FieldShell & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  required?: boolean;
  autoFocus?: boolean;
  multiline?: boolean;
}) {
  const id = useId();
  const props = {
    id,
    className: 'p-form-validation__input',
    value,
    disabled,
    placeholder,
    required,
    autoFocus,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(`${id}-e`, `${id}-h`, error, help),
    onBlur,
  };
  return (
    <div className={`p-form__group p-form-validation${error ? ' is-error' : ''}`}>
      <label htmlFor={id} className={required ? 'is-required' : undefined}>
        {label}
      </label>
      {multiline ? (
        <textarea {...props} rows={2} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...props}
          type="text"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <Messages error={error} help={help} errorId={`${id}-e`} helpId={`${id}-h`} />
    </div>
  );
}

/** A size: a whole number and a unit; the value is the joined text ("10GiB"). */
export function SizeField({
  label,
  help,
  error,
  disabled,
  value,
  onChange,
  onBlur,
}: FieldShell & { value: string; onChange: (value: string) => void; onBlur?: () => void }) {
  const id = useId();
  // Text the user is typing may not parse yet: it stays as typed in the number box.
  const { amount, unit } = splitSize(value);
  const set = (nextAmount: string, nextUnit: string) => {
    onChange(nextAmount.trim() === '' ? '' : `${nextAmount.trim()}${nextUnit}`);
  };
  return (
    <div className={`p-form__group p-form-validation${error ? ' is-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="project-size-field">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          className="p-form-validation__input"
          value={amount}
          disabled={disabled}
          placeholder="No limit"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-e`, `${id}-h`, error, help)}
          onChange={(event) => set(event.target.value, unit)}
          onBlur={onBlur}
        />
        <select
          aria-label={`${label} unit`}
          value={unit}
          disabled={disabled}
          onChange={(event) => set(amount, event.target.value)}
        >
          {!SIZE_UNITS.includes(unit as (typeof SIZE_UNITS)[number]) && (
            <option value={unit}>{unit}</option>
          )}
          {SIZE_UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </div>
      <Messages error={error} help={help} errorId={`${id}-e`} helpId={`${id}-h`} />
    </div>
  );
}

/** A choice among `options`; the empty choice leaves the key unset (server default). */
export function ChoiceField({
  label,
  help,
  error,
  disabled,
  value,
  options,
  defaultValue,
  onChange,
}: FieldShell & {
  value: string;
  options: readonly string[];
  defaultValue?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const known = value === '' || options.includes(value);
  return (
    <div className={`p-form__group p-form-validation${error ? ' is-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy(`${id}-e`, `${id}-h`, error, help)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{defaultValue ? `Not set (${defaultValue})` : 'Not set'}</option>
        {!known && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <Messages error={error} help={help} errorId={`${id}-e`} helpId={`${id}-h`} />
    </div>
  );
}

export function CheckboxField({
  label,
  help,
  checked,
  disabled,
  title,
  onChange,
}: {
  label: string;
  help?: string;
  checked: boolean;
  disabled?: boolean;
  title?: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="p-form__group project-checkbox" title={title}>
      <label className="p-checkbox">
        <input
          type="checkbox"
          className="p-checkbox__input"
          checked={checked}
          disabled={disabled}
          aria-labelledby={`${id}-l`}
          aria-describedby={help ? `${id}-h` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="p-checkbox__label" id={`${id}-l`}>
          {label}
        </span>
      </label>
      {help && (
        <p className="p-form-help-text project-checkbox__help" id={`${id}-h`}>
          {help}
        </p>
      )}
    </div>
  );
}
