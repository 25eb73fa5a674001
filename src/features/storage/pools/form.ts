/**
 * The pool form's values and how they map to LXD: the POST bodies of a creation (per member in
 * a cluster, then shared), the PATCH bodies of an edit, the YAML mode object, and the checks
 * run before anything is sent.
 */
import { isPoolMemberKey, type PoolMemberConfig } from '../../../lxd/endpoints/storage-pools';
import type {
  LxdStoragePool,
  LxdStoragePoolPut,
  LxdStoragePoolsPost,
} from '../../../lxd/types/storage';
import { isYamlMap, yamlScalar } from '../../../shared/config-form';
import { storagePoolDriverError } from '../../../shared/validation';
import { POOL_MESSAGES, poolSizeError, validatePoolName } from './rules';

export type PoolFormMode = 'create' | 'edit';

export interface PoolFormValues {
  name: string;
  description: string;
  driver: string;
  /** The shared config; on a standalone server the member-specific keys (source, size) too. */
  config: Record<string, string>;
  /** In a cluster: each member's member-specific keys (source, size, zfs.pool_name…). */
  members: Record<string, Record<string, string>>;
}

export interface PoolFormContext {
  mode: PoolFormMode;
  /** The cluster members the pool is (to be) defined on; empty on a standalone server. */
  members: readonly string[];
}

const isClustered = (context: PoolFormContext) => context.members.length > 0;

/** Values without empty entries (an emptied field removes its key). */
export function compact(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(config)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
}

const memberPart = (config: Record<string, string>) =>
  Object.fromEntries(Object.entries(config).filter(([key]) => isPoolMemberKey(key)));
const sharedPart = (config: Record<string, string>) =>
  Object.fromEntries(Object.entries(config).filter(([key]) => !isPoolMemberKey(key)));

export function newPoolValues(driver: string, members: readonly string[]): PoolFormValues {
  return {
    name: '',
    description: '',
    driver,
    config: {},
    members: Object.fromEntries(members.map((member) => [member, {}])),
  };
}

/**
 * The form's values of an existing pool; in a cluster `memberPools` holds each member's view
 * of it (GET ?target=), whose member-specific keys the form shows per member.
 */
export function poolToValues(
  pool: LxdStoragePool,
  memberPools: Readonly<Record<string, LxdStoragePool>> = {},
): PoolFormValues {
  const clustered = Object.keys(memberPools).length > 0;
  return {
    name: pool.name,
    description: pool.description,
    driver: pool.driver,
    config: clustered ? sharedPart(pool.config) : { ...pool.config },
    members: Object.fromEntries(
      Object.entries(memberPools).map(([member, view]) => [member, memberPart(view.config)]),
    ),
  };
}

/** Field → message. Fields: name, driver, requirements (PowerFlex/Pure), config.{key}, {member}.{key}. */
export type PoolFormErrors = Record<string, string>;

/** Every rule that needs no lookup (the name's uniqueness is asked of LXD separately). */
export function validatePoolForm(values: PoolFormValues, context: PoolFormContext): PoolFormErrors {
  const errors: PoolFormErrors = {};
  if (context.mode === 'create') {
    const name = validatePoolName(values.name.trim());
    if (name) errors.name = name;
    if (!values.driver) errors.driver = POOL_MESSAGES.driverRequired;
  }
  const size = poolSizeError(values.driver, values.config.size);
  if (size) errors['config.size'] = size;
  for (const [member, config] of Object.entries(values.members)) {
    const memberSize = poolSizeError(values.driver, config.size);
    if (memberSize) errors[`${member}.size`] = memberSize;
  }
  const requirement = storagePoolDriverError(values.driver, values.config);
  if (requirement) errors.requirements = requirement;
  if (isClustered(context)) {
    const stray = Object.keys(values.config).find(isPoolMemberKey);
    if (stray) errors[`config.${stray}`] = memberKeyInShared(stray);
  }
  return errors;
}

export const memberKeyInShared = (key: string) =>
  `${key} is set per cluster member: set it in the form, not in the shared config`;

export interface PoolCreateRequests {
  /** POST /1.0/storage-pools (the shared step in a cluster). */
  body: LxdStoragePoolsPost;
  /** In a cluster: POST ?target= per member, before the shared step. */
  members: PoolMemberConfig[];
}

export function createRequests(
  values: PoolFormValues,
  context: PoolFormContext,
): PoolCreateRequests {
  const config = compact(values.config);
  const body = {
    name: values.name.trim(),
    description: values.description,
    driver: values.driver,
    config: isClustered(context) ? sharedPart(config) : config,
  };
  const members = isClustered(context)
    ? context.members.map((member) => ({
        member,
        config: memberPart(compact(values.members[member] ?? {})),
      }))
    : [];
  return { body, members };
}

/** PATCH keeps what it is not sent: a removed key goes as '' (LXD drops empty values). */
function patchConfig(before: Record<string, string>, after: Record<string, string>) {
  const next = compact(after);
  const removed = Object.keys(before).filter((key) => !(key in next));
  return { ...next, ...Object.fromEntries(removed.map((key) => [key, ''])) };
}

function changedConfig(before: Record<string, string>, after: Record<string, string>) {
  const next = patchConfig(before, after);
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => before[key] !== value));
}

export interface PoolUpdateRequests {
  /** PATCH /1.0/storage-pools/{name}: description and the whole shared config. */
  body: LxdStoragePoolPut;
  /** In a cluster: PATCH ?target= for each member whose own keys changed, with those keys. */
  members: PoolMemberConfig[];
}

export function updateRequests(
  base: PoolFormValues,
  values: PoolFormValues,
  memberEtags: Readonly<Record<string, string | undefined>> = {},
): PoolUpdateRequests {
  const members = Object.keys(base.members)
    .map((member) => ({
      member,
      config: changedConfig(base.members[member] ?? {}, values.members[member] ?? {}),
      etag: memberEtags[member],
    }))
    .filter((entry) => Object.keys(entry.config).length > 0);
  return {
    body: { description: values.description, config: patchConfig(base.config, values.config) },
    members,
  };
}

/** How many things an edit changes (the Save button counts them). */
export function countPoolChanges(base: PoolFormValues, values: PoolFormValues): number {
  let count = base.description === values.description ? 0 : 1;
  count += Object.keys(changedConfig(base.config, values.config)).length;
  for (const member of Object.keys(base.members)) {
    count += Object.keys(
      changedConfig(base.members[member] ?? {}, values.members[member] ?? {}),
    ).length;
  }
  return count;
}

/* ---------- YAML mode ---------- */

export const YAML_MESSAGES = {
  notMap: 'The YAML must be a map (key: value lines)',
  configMap: 'config must be a map of keys to values',
  rename: 'Use Rename to change the name of a storage pool',
  driver: 'The driver of a storage pool cannot be changed',
  unknown: (key: string) =>
    `Unknown field "${key}": a storage pool has name, description, driver and config`,
  text: (where: string) => `${where} must be a text value`,
} as const;

/** The object YAML mode shows: the POST body when creating, the PATCH body when editing. */
export function poolYamlObject(values: PoolFormValues, context: PoolFormContext): unknown {
  const config = compact(values.config);
  const shared = isClustered(context) ? sharedPart(config) : config;
  return context.mode === 'create'
    ? { name: values.name, description: values.description, driver: values.driver, config: shared }
    : { description: values.description, config: shared };
}

const YAML_FIELDS: readonly string[] = ['name', 'description', 'driver', 'config'];

const isMap = isYamlMap;
/** Numbers and booleans become text (LXD wants strings); "{where} must be a text value". */
const text = yamlScalar;

/**
 * Reads YAML mode's object back (numbers and booleans become text: LXD wants strings); throws
 * with a message for a wrong shape. Member-specific keys stay as the form has them.
 */
export function poolFromYamlObject(
  value: unknown,
  previous: PoolFormValues,
  context: PoolFormContext,
): PoolFormValues {
  if (value === null || value === undefined) value = {};
  if (!isMap(value)) throw new Error(YAML_MESSAGES.notMap);
  const unknown = Object.keys(value).find((key) => !YAML_FIELDS.includes(key));
  if (unknown !== undefined) throw new Error(YAML_MESSAGES.unknown(unknown));
  const { name, description, driver, config } = value;
  if (context.mode === 'edit' && name !== undefined && text(name, 'name') !== previous.name) {
    throw new Error(YAML_MESSAGES.rename);
  }
  if (
    context.mode === 'edit' &&
    driver !== undefined &&
    text(driver, 'driver') !== previous.driver
  ) {
    throw new Error(YAML_MESSAGES.driver);
  }
  if (config !== undefined && config !== null && !isMap(config))
    throw new Error(YAML_MESSAGES.configMap);
  const read: Record<string, string> = {};
  for (const [key, item] of Object.entries(config ?? {})) read[key] = text(item, `config.${key}`);
  if (isClustered(context)) {
    const stray = Object.keys(read).find(isPoolMemberKey);
    if (stray) throw new Error(memberKeyInShared(stray));
  }
  return {
    name: context.mode === 'create' ? text(name, 'name') : previous.name,
    description: text(description, 'description'),
    driver: context.mode === 'create' ? text(driver, 'driver') : previous.driver,
    config: read,
    members: previous.members,
  };
}
