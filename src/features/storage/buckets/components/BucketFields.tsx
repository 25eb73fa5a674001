import { useId, type ReactNode } from 'react';

/** One labelled field with its help and its error (announced when it appears). */
export function Field({
  label,
  error,
  help,
  children,
}: {
  label: string;
  error?: string | undefined;
  help?: ReactNode;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    className: string;
  }) => ReactNode;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'p-form-validation is-error' : 'p-form-validation'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: 'p-form-validation__input',
      })}
      {help && (
        <p className="p-form-help-text" id={helpId}>
          {help}
        </p>
      )}
      {error && (
        <p className="p-form-validation__message" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
