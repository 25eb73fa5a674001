import { useId } from 'react';

/** A port list field (spec §5): its message, or its help, next to it. */
export function PortsInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  help = 'Up to 10 ports or ranges, separated by commas: 80,443,8000-8080',
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  help?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className={`p-form__group p-form-validation${error ? ' is-error' : ''}`}>
      <label htmlFor={id} className={required ? 'is-required' : undefined}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        className="p-form-validation__input"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-help`}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        onBlur={onBlur}
      />
      {error ? (
        <p className="p-form-validation__message" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="p-form-help-text" id={`${id}-help`}>
          {help}
        </p>
      )}
    </div>
  );
}
