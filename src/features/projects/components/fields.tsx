/**
 * The project form's own kinds of config key, bound to the form kit's form around them: a
 * feature (a checkbox writing true or false), a size (a whole number and a unit), and the
 * switch that restricts the project.
 */
import { useId } from 'react';
import { get, useController, useFormState } from 'react-hook-form';
import {
  ConfigKeyName,
  controlProps,
  FieldMessage,
  FieldShell,
  type ConfigKeyRenderProps,
} from '../../../shared/forms';
import { isTrue } from '../form';
import type { ProjectKeyContext } from '../keys';
import { SIZE_UNITS, splitSize } from '../validation';

/** A checkbox of a key that LXD reads as a boolean: checked writes "true", else `off`. */
function BoolKeyInput({
  name,
  id,
  off,
  role,
  className,
  disabled,
  describedBy,
}: {
  name: string;
  id: string;
  off: string;
  role?: 'switch';
  className: string;
  disabled: boolean | undefined;
  describedBy: string | undefined;
}) {
  const {
    field: { value, onChange, onBlur, ref },
  } = useController<Record<string, unknown>>({ name });
  return (
    <input
      id={id}
      ref={ref}
      type="checkbox"
      role={role}
      className={className}
      checked={isTrue(value as string | undefined)}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(event) => {
        onChange(event.target.checked ? 'true' : off);
      }}
      onBlur={onBlur}
    />
  );
}

/** A feature: checked writes "true", unchecked "false". */
export function FeatureCheckbox({
  field,
  name,
  disabled,
  title,
}: ConfigKeyRenderProps<ProjectKeyContext> & { title?: string | undefined }) {
  const id = useId();
  return (
    <div className="p-form__group project-checkbox" title={title}>
      <label className="p-checkbox" htmlFor={id}>
        <BoolKeyInput
          name={name}
          id={id}
          off="false"
          className="p-checkbox__input"
          disabled={disabled}
          describedBy={field.help ? `${id}-help` : undefined}
        />
        <span className="p-checkbox__label">{field.label}</span>
      </label>
      {field.help && (
        <p className="p-form-help-text project-checkbox__help" id={`${id}-help`}>
          {field.help}
        </p>
      )}
    </div>
  );
}

/** A size: a whole number and a unit; the value is the joined text ("10GiB"). */
export function SizeInput({
  field,
  name,
  label,
  disabled,
}: ConfigKeyRenderProps<ProjectKeyContext>) {
  const id = useId();
  const {
    field: { value, onChange, onBlur, ref },
    fieldState,
  } = useController<Record<string, unknown>>({ name });
  const error = fieldState.error?.message;
  // Text the user is typing may not parse yet: it stays as typed in the number box.
  const { amount, unit } = splitSize((value as string | undefined) ?? '');
  const set = (nextAmount: string, nextUnit: string) => {
    onChange(nextAmount.trim() === '' ? '' : `${nextAmount.trim()}${nextUnit}`);
  };
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      help={field.help}
      labelExtra={<ConfigKeyName name={field.key} />}
    >
      <div className="project-size-field">
        <input
          {...controlProps(id, error, field.help)}
          ref={ref}
          type="text"
          inputMode="numeric"
          className="p-form-validation__input"
          value={amount}
          disabled={disabled}
          placeholder={field.placeholder}
          autoComplete="off"
          onChange={(event) => {
            set(event.target.value, unit);
          }}
          onBlur={onBlur}
        />
        <select
          aria-label={`${label} unit`}
          value={unit}
          disabled={disabled}
          onChange={(event) => {
            set(amount, event.target.value);
          }}
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
    </FieldShell>
  );
}

/** `restricted`: on writes "true", off leaves the key unset. */
export function RestrictedSwitch({
  name,
  label,
  disabled,
}: Pick<ConfigKeyRenderProps<ProjectKeyContext>, 'name' | 'label' | 'disabled'>) {
  const id = useId();
  const { errors } = useFormState({ name });
  const problem: { message?: string } | undefined = get(errors, name);
  const message = problem?.message;
  return (
    <div className={`p-form__group p-form-validation${message ? ' is-error' : ''}`}>
      <label className="p-switch" htmlFor={id}>
        <BoolKeyInput
          name={name}
          id={id}
          off=""
          role="switch"
          className="p-switch__input"
          disabled={disabled}
          describedBy={message ? `${id}-error` : undefined}
        />
        <span className="p-switch__slider" />
        <span className="p-switch__label">{label}</span>
      </label>
      <FieldMessage id={id} error={message} />
      <p className="p-form-help-text">
        The settings below take effect only while the project is restricted. Unset settings use the
        server&apos;s default, shown in brackets.
      </p>
    </div>
  );
}
