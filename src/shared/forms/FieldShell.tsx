/**
 * The frame every form field of the console is drawn in: the label bound to the control, the
 * control, and one line under it, its problem (announced) or else its help. The control is
 * marked invalid and described by that line. Bound fields (fields.tsx) and the unbound
 * TextField both use it, so every field is labelled and described the same way.
 */
import type { ReactNode } from 'react';
import { clsx } from '../ui/clsx';

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

/** The attributes that tie a control to its label's id and its message line. */
export function controlProps(id: string, error: string | undefined, help: ReactNode) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescribedBy(id, error, help),
  } as const;
}

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  error: string | undefined;
  help?: ReactNode;
  required?: boolean | undefined;
  className?: string | undefined;
  /** Beside the label (the LXD config key a field sets). */
  labelExtra?: ReactNode;
  children: ReactNode;
}

/** A form group: label (marked required), the control (children), its problem or help. */
export function FieldShell({
  id,
  label,
  error,
  help,
  required,
  className,
  labelExtra,
  children,
}: FieldShellProps) {
  const labelElement = (
    <label htmlFor={id} className={required ? 'is-required' : undefined}>
      {label}
    </label>
  );
  return (
    <div className={clsx('p-form__group p-form-validation', className, error && 'is-error')}>
      {labelExtra ? (
        <div className="form-field__label">
          {labelElement}
          {labelExtra}
        </div>
      ) : (
        labelElement
      )}
      {children}
      <FieldMessage id={id} error={error} help={help} />
    </div>
  );
}
