/**
 * Reads the object YAML mode shows (an instance or profile body) and checks its shape. YAML
 * turns `limits.cpu: 2` into a number and `true` into a boolean; LXD wants strings, so scalars
 * are turned into strings here.
 */
import type { LxdDevice } from '../../lxd/types/instance';
import type { ConfigEntity } from './mapping';

export interface EntityYaml extends ConfigEntity {
  /** Every other top-level field, as written (type, source, ephemeral, …). */
  rest: Record<string, unknown>;
}

/** Whether a YAML value is a map (key: value lines). */
export function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A YAML scalar as the text LXD wants ("2", "true"); '' for none; else "{where} must be a text value". */
export function scalar(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  throw new Error(`${where} must be a text value`);
}

function stringMap(value: unknown, where: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isMap(value)) throw new Error(`${where} must be a map of keys to values`);
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) result[key] = scalar(item, `${where}.${key}`);
  return result;
}

export function readEntityYaml(value: unknown): EntityYaml {
  if (value === null || value === undefined) return { rest: {} };
  if (!isMap(value)) throw new Error('The YAML must be a map (key: value lines)');
  const { name, description, profiles, config, devices, ...rest } = value;
  const result: EntityYaml = { rest };
  if (name !== undefined) result.name = scalar(name, 'name');
  if (description !== undefined) result.description = scalar(description, 'description');
  if (profiles !== undefined && profiles !== null) {
    if (!Array.isArray(profiles)) throw new Error('profiles must be a list of profile names');
    result.profiles = profiles.map((item, index) => scalar(item, `profiles[${index}]`));
  }
  result.config = stringMap(config, 'config');
  if (devices !== undefined && devices !== null) {
    if (!isMap(devices)) throw new Error('devices must be a map of device names to devices');
    const parsed: Record<string, LxdDevice> = {};
    for (const [deviceName, device] of Object.entries(devices)) {
      const props = stringMap(device, `devices.${deviceName}`);
      if (!props.type) throw new Error(`devices.${deviceName} needs a type`);
      parsed[deviceName] = props;
    }
    result.devices = parsed;
  } else {
    result.devices = {};
  }
  return result;
}
