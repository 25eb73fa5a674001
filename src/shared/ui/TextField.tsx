import { useId, type ReactNode } from 'react';
import { controlProps, FieldShell } from '../forms/FieldShell';

export { FieldMessage, fieldDescribedBy } from '../forms/FieldShell';

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
 * A labelled one-line text field that is not part of a form kit form (a search, a filter, a row
 * of a list the caller keeps): its value and problem come from the caller. Fields of a form use
 * the bound fields of src/shared/forms instead.
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
      {...controlProps(id, error, help)}
      type="text"
      className="p-form-validation__input"
      autoComplete="off"
      spellCheck={false}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      help={help}
      required={required}
      className={className}
    >
      {children !== undefined ? (
        <div className={className ? `${className}__row` : undefined}>
          {input}
          {children}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}
