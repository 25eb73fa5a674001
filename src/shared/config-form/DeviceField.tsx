import type { ReactNode } from 'react';

/** A labelled field of a device card, with its help line and its message next to it. */
export function DeviceField({
  label,
  error,
  help,
  children,
  id,
}: {
  label: string;
  error?: string | undefined;
  help?: string | undefined;
  id: string;
  children: (props: {
    id: string;
    'aria-describedby'?: string;
    'aria-invalid'?: boolean;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [error ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'p-form-validation is-error device-field' : 'device-field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
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
    </div>
  );
}
