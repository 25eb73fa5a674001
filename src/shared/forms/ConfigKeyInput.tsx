/**
 * Draws a config key descriptor (config-keys.ts) as a bound field of the form around it: label
 * with the LXD key beside it, the control its kind asks for, its problem or help. Kinds of a
 * feature's own (an address, an uplink) are drawn by the renderer it passes for that kind.
 * <ConfigKeyControl> is the control alone, for a table that puts the label in another cell.
 */
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { BOOL_CHOICES, unsetLabel, type ConfigKeyField } from './config-keys';
import { controlProps, FieldMessage } from './FieldShell';
import { SelectInput, TextareaInput, TextInput, type BoundFieldProps } from './fields';

export interface ConfigKeyRenderProps<C = unknown> {
  field: ConfigKeyField<C>;
  /** The form path of the value ("config.ipv4_address"). */
  name: string;
  /** The visible label (a member's field adds the member's name). */
  label: string;
  disabled: boolean | undefined;
}

export type ConfigKeyRenderers<C = unknown> = Readonly<
  Record<string, (props: ConfigKeyRenderProps<C>) => ReactNode>
>;

/** The key's LXD name, beside its label (for those who know LXD's keys). */
export function ConfigKeyName({ name }: { name: string }) {
  return <code className="form-field__key">{name}</code>;
}

/** The bound field props of a key (label with its LXD name, help, required): for custom renderers. */
export function configKeyFieldProps<C>({
  field,
  name,
  label,
  disabled,
}: ConfigKeyRenderProps<C>): BoundFieldProps {
  return {
    name,
    label,
    help: field.help,
    required: field.required !== undefined,
    disabled,
    labelExtra: <ConfigKeyName name={field.key} />,
  };
}

export function ConfigKeyInput<C>({
  field,
  prefix = 'config',
  label = field.label,
  disabled,
  custom,
  empty = unsetLabel(field),
}: {
  field: ConfigKeyField<C>;
  /** The path of the config map in the form's values. */
  prefix?: string;
  label?: string;
  disabled?: boolean | undefined;
  custom?: ConfigKeyRenderers<C>;
  /** The unset choice of a bool or select key: "Default (…)" unless given. */
  empty?: string;
}) {
  const name = `${prefix}.${field.id}`;
  const render = custom?.[field.kind];
  if (render) return <>{render({ field, name, label, disabled })}</>;
  const common = configKeyFieldProps({ field, name, label, disabled });
  switch (field.kind) {
    case 'bool':
      return <SelectInput {...common} options={BOOL_CHOICES} empty={empty} />;
    case 'select':
      return (
        <SelectInput
          {...common}
          options={field.options ?? []}
          empty={field.required === undefined ? empty : undefined}
        />
      );
    case 'textarea':
      return <TextareaInput {...common} placeholder={field.placeholder ?? field.defaultText} />;
    default:
      return (
        <TextInput
          {...common}
          type={field.kind === 'password' ? 'password' : 'text'}
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
          placeholder={field.placeholder ?? field.defaultText}
        />
      );
  }
}

/**
 * The control of a config key without its label (a table row's label cell points at `id`),
 * bound to `{prefix}.{field.id}`, with its problem or help under it. Bool and select keys offer
 * `empty` ("Not set") as the unset choice.
 */
export function ConfigKeyControl<C>({
  field,
  id,
  prefix = 'config',
  disabled,
  empty = unsetLabel(field),
}: {
  field: ConfigKeyField<C>;
  /** The control's id, for the label drawn elsewhere. */
  id: string;
  prefix?: string;
  disabled?: boolean | undefined;
  empty?: string;
}) {
  const name = `${prefix}.${field.id}`;
  const { field: bound, fieldState } = useController({ name });
  const error = fieldState.error?.message;
  const value = (bound.value as string | undefined) ?? '';
  const common = {
    ...controlProps(id, error, field.help),
    ref: bound.ref,
    name,
    value,
    disabled,
    onChange: bound.onChange,
    onBlur: bound.onBlur,
  };
  const placeholder = field.placeholder ?? field.defaultText;
  let control: ReactNode;
  if (field.kind === 'bool' || field.kind === 'select') {
    const options = field.kind === 'bool' ? BOOL_CHOICES : (field.options ?? []);
    const known = value === '' || options.some((option) => option.value === value);
    control = (
      <select {...common}>
        {(field.kind === 'bool' || field.required === undefined) && (
          <option value="">{empty}</option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {!known && <option value={value}>{value}</option>}
      </select>
    );
  } else if (field.kind === 'textarea') {
    control = <textarea {...common} rows={3} spellCheck={false} placeholder={placeholder} />;
  } else {
    control = (
      <input
        {...common}
        type={field.kind === 'password' ? 'password' : 'text'}
        inputMode={field.kind === 'number' ? 'numeric' : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
      />
    );
  }
  return (
    <>
      {control}
      <FieldMessage id={id} error={error} help={field.help} />
    </>
  );
}
