/**
 * Draws a config key descriptor (config-keys.ts) as a bound field of the form around it: label
 * with the LXD key beside it, the control its kind asks for, its problem or help. Kinds of a
 * feature's own (an address, an uplink) are drawn by the renderer it passes for that kind.
 */
import type { ReactNode } from 'react';
import { BOOL_CHOICES, unsetLabel, type ConfigKeyField } from './config-keys';
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
}: {
  field: ConfigKeyField<C>;
  /** The path of the config map in the form's values. */
  prefix?: string;
  label?: string;
  disabled?: boolean | undefined;
  custom?: ConfigKeyRenderers<C>;
}) {
  const name = `${prefix}.${field.id}`;
  const render = custom?.[field.kind];
  if (render) return <>{render({ field, name, label, disabled })}</>;
  const common = configKeyFieldProps({ field, name, label, disabled });
  switch (field.kind) {
    case 'bool':
      return <SelectInput {...common} options={BOOL_CHOICES} empty={unsetLabel(field)} />;
    case 'select':
      return (
        <SelectInput
          {...common}
          options={field.options ?? []}
          empty={field.required === undefined ? unsetLabel(field) : undefined}
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
