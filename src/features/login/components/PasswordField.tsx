import { useId, useState, type Ref } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  help?: string;
  error?: string | undefined;
  disabled?: boolean;
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A password input with Vanilla's show/hide toggle and its error next to it. */
export function PasswordField(props: Props) {
  const { label, value, onChange, help, error, disabled, autoComplete, inputRef } = props;
  const id = useId();
  const [visible, setVisible] = useState(false);
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : undefined, help ? helpId : undefined]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={`p-form__group p-form-validation${error ? ' is-error' : ''}`}>
      <div className="p-form-password-toggle">
        <label htmlFor={id}>{label}</label>
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
      </div>
      <input
        ref={inputRef}
        id={id}
        className="p-form-validation__input"
        type={visible ? 'text' : 'password'}
        value={value}
        disabled={disabled}
        autoComplete={autoComplete ?? 'new-password'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
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
