/**
 * What an instance gets from its profiles: later profiles override earlier ones (LXD applies
 * them in order), and the instance's own values override them all.
 */
import { DEFAULT_PRODUCT_NAME } from '../../lxd/product';
import type { InstanceType, LxdDevice } from '../../lxd/types/instance';
import { configKeyDefault } from '../forms/config-keys';
import type { ConfigField } from './fields';

export interface ProfileLike {
  name: string;
  config: Record<string, string>;
  devices: Record<string, LxdDevice>;
}

export interface Inherited<T> {
  value: T;
  /** The profile it comes from. */
  profile: string;
}

export interface InheritedSet {
  config: Record<string, Inherited<string>>;
  devices: Record<string, Inherited<LxdDevice>>;
}

export const NOTHING_INHERITED: InheritedSet = { config: {}, devices: {} };

/** The config and devices the listed profiles give, in order; unknown names are skipped. */
export function inheritFromProfiles(
  profiles: readonly ProfileLike[],
  order: readonly string[],
): InheritedSet {
  const config: Record<string, Inherited<string>> = {};
  const devices: Record<string, Inherited<LxdDevice>> = {};
  for (const name of order) {
    const profile = profiles.find((candidate) => candidate.name === name);
    if (!profile) continue;
    for (const [key, value] of Object.entries(profile.config)) {
      config[key] = { value, profile: name };
    }
    for (const [key, device] of Object.entries(profile.devices)) {
      devices[key] = { value: device, profile: name };
    }
  }
  return { config, devices };
}

/** The devices alone (for the root-disk rule). */
export function inheritedDeviceMap(set: InheritedSet): Record<string, LxdDevice> {
  return Object.fromEntries(Object.entries(set.devices).map(([key, item]) => [key, item.value]));
}

/** Where a server default comes from: "LXD default" (or "Incus default"). */
export const defaultSource = (product: string = DEFAULT_PRODUCT_NAME) => `${product} default`;

/**
 * What applies when the form leaves a field empty: a profile's value, else the server's default
 * for the instance type (spec §9: VMs limits.cpu 1 and limits.memory 1GB, containers '-'), named
 * after the server's product (LXD's by default).
 */
export function fallbackValue(
  field: ConfigField,
  key: string,
  inherited: InheritedSet,
  type: InstanceType | undefined,
  product: string = DEFAULT_PRODUCT_NAME,
): { value: string; source: string } | undefined {
  const fromProfile = inherited.config[key];
  if (fromProfile) return { value: fromProfile.value, source: `profile ${fromProfile.profile}` };
  const byDefault = type ? configKeyDefault(field, { type }) : undefined;
  if (byDefault !== undefined) return { value: byDefault, source: defaultSource(product) };
  return undefined;
}
