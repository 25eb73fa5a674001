import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { controlProps, FieldShell } from '../../../shared/forms';

interface Props {
  /** The field's name in the form's values. */
  name: string;
  label: string;
  help?: string;
  disabled?: boolean;
  autoComplete?: string;
}

/** A password field of a form kit form, with Vanilla's show/hide toggle beside its label. */
export function PasswordField({ name, label, help, disabled, autoComplete }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const { field, fieldState } = useController({ name });
  const { ref, onChange, onBlur } = field;
  const value = field.value as string | undefined;
  const error = fieldState.error?.message;
  const toggle = (
    <button
      type="button"
      className="p-button--base u-no-margin--bottom has-icon"
      aria-controls={id}
      aria-pressed={visible}
      aria-label={`Show ${label.toLowerCase()}`}
      onClick={() => {
        setVisible((current) => !current);
      }}
    >
      <span className="p-form-password-toggle__label" aria-hidden="true">
        {visible ? 'Hide' : 'Show'}
      </span>
      <i className={visible ? 'p-icon--hide' : 'p-icon--show'} aria-hidden="true" />
    </button>
  );
  return (
    <FieldShell id={id} label={label} error={error} help={help} labelExtra={toggle}>
      <input
        {...controlProps(id, error, help)}
        ref={ref}
        name={name}
        className="p-form-validation__input"
        type={visible ? 'text' : 'password'}
        value={value ?? ''}
        disabled={disabled}
        autoComplete={autoComplete ?? 'new-password'}
        onChange={onChange}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}
