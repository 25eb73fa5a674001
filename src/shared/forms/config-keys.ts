/**
 * One LXD config key as a form shows it: the one descriptor for the keys of instances and
 * profiles, networks, storage pools and volumes, and projects. A feature declares its keys as a
 * list of these (with its own context type for `applies`); <ConfigKeyInput> and
 * <ConfigKeyControl> draw them. Keys a form does not list stay in the object untouched (YAML
 * mode edits them).
 */
import type { Choice } from './fields';

/**
 * How a key is entered. The kit draws text, number, password, textarea, bool (Default / Yes /
 * No) and select; a feature may name its own kinds (an address, an uplink) and draw them with
 * the `custom` renderers of <ConfigKeyInput>.
 */
export type ConfigKeyKind =
  | 'text'
  | 'number'
  | 'password'
  | 'textarea'
  | 'bool'
  | 'select'
  | (string & { readonly customKind?: never });

export interface ConfigKeyField<C = unknown> {
  /** The LXD config key ("limits.cpu", "ipv4.address"). */
  key: string;
  /** The field's name in the form (no dots: react-hook-form reads dots as nesting). */
  id: string;
  label: string;
  /** The form section the key sits in. */
  section: string;
  kind: ConfigKeyKind;
  options?: readonly Choice[];
  help?: string;
  placeholder?: string;
  /** What LXD does while the key is unset: the empty choice "Default (…)", the placeholder. */
  defaultText?: string;
  /** What LXD does while unset when that depends on the context (an instance's type). */
  defaultFor?: (context: C) => string | undefined;
  /** The key must be set; the message when it is not. */
  required?: string;
  /** Checks a non-empty value: the message shown next to the field, or undefined. */
  validate?: (value: string) => string | undefined;
  /** Whether the key applies (instance type, network type, driver, server extensions). */
  applies?: (context: C) => boolean;
}

/** The form name of a config key: its dots and dashes as underscores. */
export const configKeyId = (key: string) => key.replace(/[.-]/g, '_');

/** A descriptor with its form name made from the key. */
export function configKey<C = unknown>(
  key: string,
  label: string,
  section: string,
  kind: ConfigKeyKind,
  extras: Omit<ConfigKeyField<C>, 'key' | 'id' | 'label' | 'section' | 'kind'> & {
    id?: string;
  } = {},
): ConfigKeyField<C> {
  return { key, id: extras.id ?? configKeyId(key), label, section, kind, ...extras };
}

/** The keys that apply in a context, in their declared order. */
export function applicableKeys<C, F extends ConfigKeyField<C> = ConfigKeyField<C>>(
  fields: readonly F[],
  context: C,
  section?: string,
): F[] {
  return fields.filter(
    (field) =>
      (section === undefined || field.section === section) &&
      (field.applies === undefined || field.applies(context)),
  );
}

/** What applies while the key is unset in a context: `defaultFor`, else `defaultText`. */
export function configKeyDefault<C>(field: ConfigKeyField<C>, context: C): string | undefined {
  return field.defaultFor?.(context) ?? field.defaultText;
}

/** The problem of one key's value: required when empty, else its own check. */
export function configKeyProblem<C>(field: ConfigKeyField<C>, value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return field.required;
  return field.validate?.(trimmed);
}

/**
 * The problems of the applicable keys in a config map, by form path
 * (`{prefix}.{id}`): what a feature's validate() merges into its other rules.
 */
export function configKeyProblems<C>(
  fields: readonly ConfigKeyField<C>[],
  context: C,
  values: Readonly<Record<string, string | undefined>>,
  prefix = 'config',
): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  for (const field of applicableKeys(fields, context)) {
    const problem = configKeyProblem(field, values[field.id] ?? '');
    if (problem) problems[`${prefix}.${field.id}`] = problem;
  }
  return problems;
}

export const BOOL_CHOICES: readonly Choice[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** The empty choice of a bool or select key: what applies while it is unset. */
export const unsetLabel = (field: Pick<ConfigKeyField, 'defaultText'>) =>
  field.defaultText ? `Default (${field.defaultText})` : 'Default';
