import { useId, type ReactNode } from 'react';
import { FieldMessage } from '../../../shared/ui/TextField';

/** A fieldset of checkboxes (a multi-select): members of a group, groups of a member, roles. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  help,
  disabledReason,
}: {
  legend: string;
  options: readonly { value: string; label?: ReactNode }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  help?: ReactNode;
  /** Per option: why it cannot be changed, if so (shown as its title). */
  disabledReason?: (option: string) => string | undefined;
}) {
  const id = useId();
  const toggle = (option: string, checked: boolean) => {
    const next = value.filter((item) => item !== option);
    onChange(checked ? [...next, option] : next);
  };
  return (
    <fieldset
      className={`cluster-checkboxes p-form-validation${error ? ' is-error' : ''}`}
      aria-describedby={error ? `${id}-error` : help ? `${id}-help` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {options.map((option) => {
        const reason = disabledReason?.(option.value);
        return (
          <label className="p-checkbox" key={option.value} title={reason}>
            <input
              type="checkbox"
              className="p-checkbox__input"
              checked={value.includes(option.value)}
              disabled={reason !== undefined}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span className="p-checkbox__label">{option.label ?? option.value}</span>
          </label>
        );
      })}
      <FieldMessage id={id} error={error} help={help} />
    </fieldset>
  );
}
