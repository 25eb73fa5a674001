import { useId, type ReactNode } from 'react';

/** The line under a field: its problem when there is one (announced), otherwise its help. */
export function FieldMessage({
  id,
  error,
  help,
}: {
  /** The field's id: the line gets `{id}-error` or `{id}-help`. */
  id: string;
  error: string | undefined;
  help?: ReactNode;
}) {
  if (error) {
    return (
      <p className="p-form-validation__message" id={`${id}-error`} role="alert">
        {error}
      </p>
    );
  }
  if (!help) return null;
  return (
    <p className="p-form-help-text" id={`${id}-help`}>
      {help}
    </p>
  );
}

/** What `aria-describedby` of a field with a FieldMessage points at. */
export function fieldDescribedBy(
  id: string,
  error: string | undefined,
  help: ReactNode,
): string | undefined {
  return error ? `${id}-error` : help ? `${id}-help` : undefined;
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  /** Shown once set (the caller decides when: touched, submitted). */
  error?: string | undefined;
  help?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** An id of the caller's; one is made otherwise. */
  id?: string;
  className?: string;
  /**
   * Beside the input, on the same row (a picker that fills it). Pass it even when it renders
   * nothing (false) so that the input is not remounted when it appears.
   */
  children?: ReactNode;
}

/**
 * A labelled one-line text field with its problem or help under it, the input marked invalid and
 * described by that line.
 */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  help,
  required = false,
  disabled = false,
  id: givenId,
  className,
  children,
}: TextFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const input = (
    <input
      id={id}
      type="text"
      className="p-form-validation__input"
      autoComplete="off"
      spellCheck={false}
      value={value}
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      aria-describedby={fieldDescribedBy(id, error, help)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
  return (
    <div
      className={`p-form__group p-form-validation${className ? ` ${className}` : ''}${error ? ' is-error' : ''}`}
    >
      <label htmlFor={id} className={required ? 'is-required' : undefined}>
        {label}
      </label>
      {children !== undefined ? (
        <div className={className ? `${className}__row` : undefined}>
          {input}
          {children}
        </div>
      ) : (
        input
      )}
      <FieldMessage id={id} error={error} help={help} />
    </div>
  );
}
