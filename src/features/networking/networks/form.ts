/**
 * The network form's values and what they become: the POST and PUT bodies, the per-member
 * writes of a cluster, YAML mode's object, the "unchanged" test (spec §5 network equality: an
 * `auto` address equals an unset one, so such a save sends nothing) and the field checks.
 */
import type { NetworkMemberConfig } from '../../../lxd/endpoints/networks';
import { isNetworkMemberKey } from '../../../lxd/endpoints/networks';
import type { LxdNetwork, LxdNetworksPost } from '../../../lxd/types/network';
import { networksEqual } from '../../../shared/validation';
import { fieldShown, type NetworkKeyField } from './fields';
import { hostCidrError, NETWORK_MESSAGES } from './rules';

export type NetworkFormMode = 'create' | 'edit';

export interface NetworkFormValues {
  name: string;
  description: string;
  type: string;
  /** The whole config; '' means unset. In a cluster it holds the shared keys only. */
  config: Record<string, string>;
  /** In a cluster: each member's member-specific keys (`parent`, …). */
  members: Record<string, Record<string, string>>;
  /** Address keys entered as a custom address with prefix (ipv4.address, ipv6.address). */
  customAddress: Record<string, boolean>;
}

export const ADDRESS_KEYS = ['ipv4.address', 'ipv6.address'] as const;

const isCustomAddress = (value: string | undefined) =>
  value !== undefined && value !== '' && value !== 'auto' && value !== 'none';

function customAddresses(config: Record<string, string>): Record<string, boolean> {
  return Object.fromEntries(ADDRESS_KEYS.map((key) => [key, isCustomAddress(config[key])]));
}

/** Config without unset ('') keys. */
export function cleanConfig(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== ''));
}

const memberOnly = (config: Record<string, string>) =>
  Object.fromEntries(Object.entries(config).filter(([key]) => isNetworkMemberKey(key)));

export function newNetworkValues(type: string, members: readonly string[]): NetworkFormValues {
  return {
    name: '',
    description: '',
    type,
    config: {},
    members: Object.fromEntries(members.map((member) => [member, {}])),
    customAddress: customAddresses({}),
  };
}

/**
 * The values of an existing network; `memberViews` are the members' views of it (GET with
 * `target`) in a cluster, from which their member-specific keys are read.
 */
export function networkToValues(
  network: LxdNetwork,
  memberViews: Record<string, LxdNetwork> = {},
): NetworkFormValues {
  const config = { ...network.config };
  return {
    name: network.name,
    description: network.description,
    type: network.type,
    config,
    members: Object.fromEntries(
      Object.entries(memberViews).map(([member, view]) => [member, memberOnly(view.config)]),
    ),
    customAddress: customAddresses(config),
  };
}

/**
 * A new type on the create form: keys the new type does not take are dropped (a bridge's
 * `ipv4.address` would make LXD refuse a macvlan network); `user.*` keys stay.
 */
export function changeType(
  values: NetworkFormValues,
  type: string,
  keysOfType: readonly string[],
): NetworkFormValues {
  const keep = (key: string) => keysOfType.includes(key) || key.startsWith('user.');
  return {
    ...values,
    type,
    config: Object.fromEntries(Object.entries(values.config).filter(([key]) => keep(key))),
    members: Object.fromEntries(
      Object.entries(values.members).map(([member, config]) => [
        member,
        Object.fromEntries(Object.entries(config).filter(([key]) => keep(key))),
      ]),
    ),
  };
}

/** The POST body (and, without name and type, the PUT body). */
export function valuesToBody(values: NetworkFormValues): LxdNetworksPost {
  return {
    name: values.name.trim(),
    type: values.type,
    description: values.description,
    config: cleanConfig(values.config),
  };
}

/**
 * The member writes of a clustered save. Creation: every member with its keys. Update: only
 * members whose member-specific keys changed, each with every such key it has or had (a
 * removed key is sent empty, which clears it).
 */
export function memberWrites(
  values: NetworkFormValues,
  base: NetworkFormValues | undefined,
): NetworkMemberConfig[] {
  const writes: NetworkMemberConfig[] = [];
  for (const [member, current] of Object.entries(values.members)) {
    const now = cleanConfig(memberOnly(current));
    if (!base) {
      writes.push({ member, config: now });
      continue;
    }
    const before = cleanConfig(memberOnly(base.members[member] ?? {}));
    const keys = new Set([...Object.keys(now), ...Object.keys(before)]);
    if ([...keys].every((key) => now[key] === before[key])) continue;
    writes.push({
      member,
      config: Object.fromEntries([...keys].map((key) => [key, now[key] ?? ''])),
    });
  }
  return writes;
}

/**
 * Whether the values say the same as the network as read: spec §5 equality, so an address
 * of `auto` where the network has none counts as unchanged, plus the member keys.
 */
export function isUnchanged(base: NetworkFormValues, values: NetworkFormValues): boolean {
  const shared = networksEqual(
    { ...valuesToBody(base), config: cleanConfig(base.config) },
    valuesToBody(values),
  );
  return shared && memberWrites(values, base).length === 0;
}

/** YAML mode's object: the POST body when creating, description and config when editing. */
export function networkYamlObject(values: NetworkFormValues, mode: NetworkFormMode): unknown {
  const { name, type, description, config } = valuesToBody(values);
  return mode === 'create' ? { name, type, description, config } : { description, config };
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  throw new Error(`${where} must be a text value`);
}

/**
 * Reads YAML mode's object back into values (YAML turns `mtu: 1500` into a number: LXD wants
 * text). Throws with the message the form shows for a wrong shape, a changed name or type, or
 * (in a cluster) a member-specific key, which is entered per member instead.
 */
export function valuesFromYaml(
  value: unknown,
  previous: NetworkFormValues,
  mode: NetworkFormMode,
  clustered: boolean,
): NetworkFormValues {
  const object = value ?? {};
  if (!isMap(object)) throw new Error('The YAML must be a map (key: value lines)');
  const name = object.name === undefined ? undefined : text(object.name, 'name');
  const type = object.type === undefined ? undefined : text(object.type, 'type');
  if (mode === 'edit' && name !== undefined && name !== previous.name) {
    throw new Error(NETWORK_MESSAGES.renameInYaml);
  }
  if (mode === 'edit' && type !== undefined && type !== previous.type) {
    throw new Error(NETWORK_MESSAGES.typeInYaml);
  }
  const rawConfig = object.config ?? {};
  if (!isMap(rawConfig)) throw new Error('config must be a map of keys to values');
  const config: Record<string, string> = {};
  for (const [key, item] of Object.entries(rawConfig)) {
    if (clustered && isNetworkMemberKey(key)) {
      throw new Error(`${key} is set per cluster member: use the form to change it`);
    }
    config[key] = text(item, `config.${key}`);
  }
  return {
    ...previous,
    name: mode === 'create' ? (name ?? '') : previous.name,
    type: mode === 'create' ? (type ?? previous.type) : previous.type,
    description: text(object.description, 'description'),
    config,
    customAddress: customAddresses(config),
  };
}

/** Where a value problem is kept: a config key, or `member:key` for a member's key. */
export const memberErrorKey = (member: string, key: string) => `${member}:${key}`;

/**
 * The field checks of the values (the name is checked apart, it needs the server): every
 * shown field's own rule, custom addresses, and required parent / uplink (per member in a
 * cluster). Returns messages by key.
 */
export function validateNetworkValues(
  values: NetworkFormValues,
  fields: readonly NetworkKeyField[],
  members: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!fieldShown(field, values.config)) continue;
    const perMember = members.length > 0 && isNetworkMemberKey(field.key);
    const targets = perMember
      ? members.map((member) => ({
          errorKey: memberErrorKey(member, field.key),
          value: values.members[member]?.[field.key] ?? '',
        }))
      : [{ errorKey: field.key, value: values.config[field.key] ?? '' }];
    for (const { errorKey, value } of targets) {
      let message: string | undefined;
      if (value.trim() === '') {
        message =
          field.kind === 'address' && values.customAddress[field.key]
            ? hostCidrError('', field.family ?? 4)
            : field.required;
      } else {
        message = field.validate?.(value);
      }
      if (message) errors[errorKey] = message;
    }
  }
  return errors;
}
