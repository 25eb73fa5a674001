/**
 * Pure mappings between LXD objects (instances, profiles) and the form's values, both ways.
 * Config keys the form has no field for (volatile.*, image.*, user.*, raw.*, …) travel
 * unchanged, so a save never drops what another tool set.
 */
import { DEFAULT_PRODUCT_NAME, PRODUCT_NAMES, serverKind } from '../../lxd/product';
import type { LxdDevice } from '../../lxd/types/instance';
import { fromDeviceEntries, toDeviceEntries, type DeviceEntry } from './devices';
import { CONFIG_FIELDS, LEGACY_CLOUD_INIT_KEYS, type ConfigField } from './fields';
import {
  SSH_KEY_PREFIX,
  USER_PREFIX,
  isUserProperty,
  readSshKeys,
  sshKeysConfig,
  type SshKey,
  type UserProperty,
} from './user-config';

export interface ConfigFormValues {
  name: string;
  description: string;
  /** Instances only: profiles in the order they apply. */
  profiles: string[];
  /** Field id → value; '' means "not set here" (inherited or LXD's default). */
  config: Record<string, string>;
  devices: DeviceEntry[];
  /** Keys without a form field, kept as they are. */
  otherConfig: Record<string, string>;
  /** `user.*` keys (not the cloud-init ones), in the user properties table. */
  userProperties?: UserProperty[];
  /** `cloud-init.ssh-keys.*` keys (servers with `cloud_init_ssh_keys`). */
  sshKeys?: SshKey[];
}

/** The part of an instance or profile the form edits. */
export interface ConfigEntity {
  name?: string;
  description?: string;
  profiles?: string[];
  config?: Record<string, string>;
  devices?: Record<string, LxdDevice>;
}

export interface MappingOptions {
  /** The server lacks `cloud_init`: cloud-init fields read and write user.* keys. */
  legacyCloudInit?: boolean;
  /** The server has `cloud_init_ssh_keys`: SSH keys are `cloud-init.ssh-keys.*` keys. */
  sshKeys?: boolean;
  /** The server has `instance_boot_mode`: VMs get boot.mode instead of security.secureboot. */
  bootMode?: boolean;
  /** The server is Incus: the guest API is security.guestapi instead of security.devlxd. */
  guestApi?: boolean;
}

/**
 * What the form needs to know about the server, from its API extensions (which also tell Incus,
 * see lxd/product.ts).
 */
export function configMapping(extensions: readonly string[]): MappingOptions {
  return {
    legacyCloudInit: !extensions.includes('cloud_init'),
    sshKeys: extensions.includes('cloud_init_ssh_keys'),
    bootMode: extensions.includes('instance_boot_mode'),
    ...(serverKind({ api_extensions: [...extensions] }) === 'incus' ? { guestApi: true } : {}),
  };
}

/**
 * The product name the form's texts use ("LXD default", "LXD adds it…"): Incus's when the
 * mapping is Incus's (configMapping tells it by the server's extensions), else `server`, the
 * signed-in server's name (LXD's by default).
 */
export function mappingProductName(
  options: MappingOptions,
  server: string = DEFAULT_PRODUCT_NAME,
): string {
  return options.guestApi === true ? PRODUCT_NAMES.incus.name : server;
}

export function lxdKey(field: ConfigField, options: MappingOptions = {}): string {
  return (options.legacyCloudInit && LEGACY_CLOUD_INIT_KEYS[field.key]) || field.key;
}

/** LXD object → form values. */
export function toFormValues(entity: ConfigEntity, options: MappingOptions = {}): ConfigFormValues {
  const source = entity.config ?? {};
  const config: Record<string, string> = {};
  const mapped = new Set<string>();
  for (const field of CONFIG_FIELDS) {
    const key = lxdKey(field, options);
    config[field.id] = source[key] ?? '';
    mapped.add(key);
  }
  const otherConfig: Record<string, string> = {};
  const userProperties: UserProperty[] = [];
  for (const [key, value] of Object.entries(source)) {
    if (mapped.has(key) || key.startsWith(SSH_KEY_PREFIX)) continue;
    if (isUserProperty(key)) userProperties.push({ name: key.slice(USER_PREFIX.length), value });
    else otherConfig[key] = value;
  }
  return {
    name: entity.name ?? '',
    description: entity.description ?? '',
    profiles: [...(entity.profiles ?? [])],
    config,
    devices: toDeviceEntries(entity.devices),
    otherConfig,
    userProperties,
    sshKeys: readSshKeys(source),
  };
}

/** Form values → LXD `config` (strings only, unset fields left out) and `devices`. */
export function toConfig(
  values: Pick<
    ConfigFormValues,
    'config' | 'devices' | 'otherConfig' | 'userProperties' | 'sshKeys'
  >,
  options: MappingOptions = {},
): { config: Record<string, string>; devices: Record<string, LxdDevice> } {
  const config: Record<string, string> = { ...values.otherConfig };
  for (const { name, value } of values.userProperties ?? []) {
    if (name.trim() !== '') config[`${USER_PREFIX}${name.trim()}`] = value;
  }
  Object.assign(config, sshKeysConfig(values.sshKeys ?? []));
  for (const field of CONFIG_FIELDS) {
    const value = values.config[field.id];
    if (value === undefined || value === '') continue;
    config[lxdKey(field, options)] = value;
  }
  return { config, devices: fromDeviceEntries(values.devices) };
}

function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return false;
  return true;
}

/**
 * How many things a save would change: each config key added, removed or changed, each device
 * added, removed or changed, the description and the profile list ("Save N changes").
 */
export function countChanges(before: ConfigEntity, after: ConfigEntity): number {
  let count = 0;
  const configA = before.config ?? {};
  const configB = after.config ?? {};
  for (const key of new Set([...Object.keys(configA), ...Object.keys(configB)])) {
    if (configA[key] !== configB[key]) count += 1;
  }
  const devicesA = before.devices ?? {};
  const devicesB = after.devices ?? {};
  for (const key of new Set([...Object.keys(devicesA), ...Object.keys(devicesB)])) {
    const a = devicesA[key];
    const b = devicesB[key];
    if (!a || !b || !sameRecord(a, b)) count += 1;
  }
  if ((before.description ?? '') !== (after.description ?? '')) count += 1;
  if (JSON.stringify(before.profiles ?? []) !== JSON.stringify(after.profiles ?? [])) count += 1;
  return count;
}

/** The button text of an edit form: 'Save changes' with nothing (or nothing known) to count. */
export function saveLabel(changes: number | undefined): string {
  if (!changes) return 'Save changes';
  return changes === 1 ? 'Save 1 change' : `Save ${changes} changes`;
}
