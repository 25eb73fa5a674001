/**
 * The pool form's values as the form kit holds them: react-hook-form reads dots in a field's
 * name as nesting, so each config key the form shows is held under its descriptor's id
 * (`zfs.pool_name` → `config.zfs_pool_name`), the keys it does not show stay aside, and each
 * cluster member is one entry of a list. `PoolFormValues` (form.ts) stays the model the rules,
 * the requests and YAML mode work on; these convert both ways.
 */
import type { Problems } from '../../../shared/forms';
import { storagePoolDriverError } from '../../../shared/validation';
import { driverFields, memberFields, sharedFields, type PoolKey } from './drivers';
import { validatePoolForm, type PoolFormContext, type PoolFormValues } from './form';

/** Keys by form id, and the keys no field shows (YAML mode edits them). */
export interface PoolConfigValues {
  config: Record<string, string>;
  other: Record<string, string>;
}

export interface PoolFieldValues extends PoolConfigValues {
  name: string;
  description: string;
  driver: string;
  /** In a cluster: each member's own keys. */
  members: (PoolConfigValues & { name: string })[];
}

function splitConfig(fields: readonly PoolKey[], config: Record<string, string>) {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const values: PoolConfigValues = { config: {}, other: {} };
  for (const [key, value] of Object.entries(config)) {
    const field = byKey.get(key);
    if (field) values.config[field.id] = value;
    else values.other[key] = value;
  }
  return values;
}

/** The shown keys back by their LXD names (only the driver's: another driver's are dropped). */
function joinConfig(fields: readonly PoolKey[], values: PoolConfigValues) {
  const config: Record<string, string> = { ...values.other };
  for (const field of fields) {
    const value = values.config[field.id];
    if (value !== undefined) config[field.key] = value;
  }
  return config;
}

export function toFieldValues(values: PoolFormValues, members: readonly string[]): PoolFieldValues {
  const fields = driverFields(values.driver);
  return {
    name: values.name,
    description: values.description,
    driver: values.driver,
    ...splitConfig(fields, values.config),
    members: members.map((name) => ({
      name,
      ...splitConfig(memberFields(values.driver), values.members[name] ?? {}),
    })),
  };
}

export function fromFieldValues(values: PoolFieldValues): PoolFormValues {
  return {
    name: values.name,
    description: values.description,
    driver: values.driver,
    config: joinConfig(driverFields(values.driver), values),
    members: Object.fromEntries(
      values.members.map((member) => [
        member.name,
        joinConfig(memberFields(values.driver), member),
      ]),
    ),
  };
}

/**
 * The form's problems by field path, in the order of the fields: the pool rules (form.ts), and
 * a required key left empty ("Required", under the note that says which keys the driver needs).
 * A problem of a key no field shows is the `other` keys' problem.
 */
export function poolFieldProblems(values: PoolFieldValues, context: PoolFormContext): Problems {
  const errors = validatePoolForm(fromFieldValues(values), context);
  const problems: Problems = { name: errors.name, driver: errors.driver };
  for (const field of sharedFields(values.driver, context.members.length > 0)) {
    const empty = (values.config[field.id] ?? '').trim() === '';
    problems[`config.${field.id}`] =
      errors[`config.${field.key}`] ?? (empty ? field.required : undefined);
  }
  values.members.forEach((member, index) => {
    for (const field of memberFields(values.driver)) {
      problems[`members.${String(index)}.config.${field.id}`] =
        errors[`${member.name}.${field.key}`];
    }
  });
  const shown = new Set(driverFields(values.driver).map((field) => `config.${field.key}`));
  const other = Object.entries(errors).find(
    ([path]) => path.startsWith('config.') && !shown.has(path),
  );
  if (other) problems.other = other[1];
  return Object.fromEntries(Object.entries(problems).filter(([, message]) => message));
}

/** What the driver needs set (PowerFlex, Pure Storage), said above its fields. */
export function poolRequirement(values: PoolFieldValues): string | undefined {
  return storagePoolDriverError(values.driver, fromFieldValues(values).config);
}
