/**
 * The network form's values as the form kit holds them: config keys under their form names
 * (`ipv4_address`: react-hook-form reads dots as nesting), the keys the form has no field for
 * kept apart as read, and the cluster members' keys as a list. Converted to and from the
 * values of form.ts, where the bodies, the equality and the checks live.
 */
import { configKeyId, type Problems } from '../../../shared/forms';
import { fieldById, NETWORK_FIELDS, type NetworkKeyField, type NetworkSectionId } from './fields';
import { isUnchanged, validateNetworkValues, type NetworkFormValues } from './form';
import { validateNetworkName } from './rules';

export interface NetworkFormState {
  name: string;
  description: string;
  type: string;
  /** The keys the form has fields for, by form name; '' is unset. */
  config: Record<string, string>;
  /** Config keys the form has no field for (user.*, volatile.*), as read: YAML mode edits them. */
  other: Record<string, string>;
  /** In a cluster: each member's member-specific keys, by form name. */
  members: { name: string; config: Record<string, string> }[];
  /** Address keys entered as a custom address with prefix, by form name. */
  customAddress: Record<string, boolean>;
}

const KNOWN = new Set(NETWORK_FIELDS.map((field) => field.key));

const byId = (config: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(config)
      .filter(([key]) => KNOWN.has(key))
      .map(([key, value]) => [configKeyId(key), value]),
  );

const byKey = (config: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(config).flatMap(([id, value]) => {
      const field = fieldById(id);
      return field && value !== undefined ? [[field.key, value]] : [];
    }),
  );

export function toFormState(
  values: NetworkFormValues,
  members: readonly string[],
): NetworkFormState {
  return {
    name: values.name,
    description: values.description,
    type: values.type,
    config: byId(values.config),
    other: Object.fromEntries(Object.entries(values.config).filter(([key]) => !KNOWN.has(key))),
    members: members.map((name) => ({ name, config: byId(values.members[name] ?? {}) })),
    customAddress: Object.fromEntries(
      Object.entries(values.customAddress).map(([key, on]) => [configKeyId(key), on]),
    ),
  };
}

export function fromFormState(state: NetworkFormState): NetworkFormValues {
  return {
    name: state.name,
    description: state.description,
    type: state.type,
    config: { ...state.other, ...byKey(state.config) },
    members: Object.fromEntries(state.members.map(({ name, config }) => [name, byKey(config)])),
    customAddress: Object.fromEntries(
      Object.entries(state.customAddress).flatMap(([id, on]) => {
        const field = fieldById(id);
        return field ? [[field.key, on]] : [];
      }),
    ),
  };
}

/**
 * Every problem of the form by field path: the name (creating), then each shown field's rule
 * (`config.{id}`, `members.{n}.config.{id}` for a member's key).
 */
export function networkProblems(
  state: NetworkFormState,
  fields: readonly NetworkKeyField[],
  mode: 'create' | 'edit',
): Problems {
  const problems: Problems = {};
  const name = mode === 'create' ? validateNetworkName(state.name.trim(), state.type) : undefined;
  if (name) problems.name = name;
  const members = state.members.map((member) => member.name);
  const errors = validateNetworkValues(fromFormState(state), fields, members);
  for (const [where, message] of Object.entries(errors)) {
    const split = where.lastIndexOf(':');
    const key = where.slice(split + 1);
    const member = split < 0 ? -1 : members.indexOf(where.slice(0, split));
    const path = member < 0 ? 'config' : `members.${String(member)}.config`;
    problems[`${path}.${configKeyId(key)}`] = message;
  }
  return problems;
}

/** The section a field path sits in. */
export function sectionOfPath(path: string): NetworkSectionId {
  const id = /(?:^|\.)config\.([^.]+)$/.exec(path)?.[1];
  return (id && fieldById(id)?.section) || 'main';
}

/** A problem under YAML mode's editor, named by the config key ("ipv4.address: …"). */
export function yamlProblem(path: string, message: string): string {
  const id = /(?:^|\.)config\.([^.]+)$/.exec(path)?.[1];
  return `${(id && fieldById(id)?.key) || path}: ${message}`;
}

/** Whether the form says something else than the network as read (spec §5 equality). */
export const stateChanged = (state: NetworkFormState, defaults: NetworkFormState) =>
  !isUnchanged(fromFormState(defaults), fromFormState(state));
