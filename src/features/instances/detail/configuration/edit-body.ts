/**
 * The Configuration tab's mappings: the instance → form values and YAML mode's object, and
 * back to the PUT body. Pure functions.
 */
import type { LxdInstancePut } from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { parseYaml } from '../../../../shared/ui/yaml/parse';
import {
  readEntityYaml,
  toConfig,
  toFormValues,
  type ConfigFormValues,
  type MappingOptions,
} from '../../../../shared/config-form';

/** The writable fields of the instance as they are now. */
export function writableOf(instance: LxdInstance): LxdInstancePut {
  return {
    architecture: instance.architecture,
    config: instance.config,
    devices: instance.devices,
    ephemeral: instance.ephemeral,
    profiles: instance.profiles,
    stateful: instance.stateful,
    description: instance.description,
  };
}

export function editFormValues(instance: LxdInstance, mapping: MappingOptions = {}) {
  return toFormValues(
    {
      name: instance.name,
      description: instance.description,
      profiles: instance.profiles,
      config: instance.config,
      devices: instance.devices,
    },
    mapping,
  );
}

/** The PUT body: the instance's writable fields with the form's changes. */
export function editBody(
  instance: LxdInstance,
  values: ConfigFormValues,
  mapping: MappingOptions = {},
): LxdInstancePut {
  const { config, devices } = toConfig(values, mapping);
  return {
    ...writableOf(instance),
    description: values.description,
    profiles: values.profiles,
    config,
    devices,
  };
}

/** YAML mode shows the writable fields (what a save sends). */
export function editYamlObject(
  instance: LxdInstance,
  values: ConfigFormValues,
  mapping: MappingOptions = {},
): Record<string, unknown> {
  const body = editBody(instance, values, mapping);
  return {
    description: body.description,
    profiles: body.profiles,
    config: body.config,
    devices: body.devices,
  };
}

/** YAML mode's object → form values (the name stays; it changes through rename). */
export function readEditYaml(
  instance: LxdInstance,
  value: unknown,
  mapping: MappingOptions = {},
): ConfigFormValues {
  const entity = readEntityYaml(value);
  if (entity.name !== undefined && entity.name !== instance.name) {
    throw new Error('The name cannot change here: use Rename in the header');
  }
  return toFormValues(
    {
      name: instance.name,
      description: entity.description ?? '',
      profiles: entity.profiles ?? [],
      config: entity.config ?? {},
      devices: entity.devices ?? {},
    },
    mapping,
  );
}

/** YAML mode's text as form values, or undefined while it does not parse (for the count). */
export function yamlValues(
  instance: LxdInstance,
  text: string,
  mapping: MappingOptions = {},
): ConfigFormValues | undefined {
  const parsed = parseYaml(text);
  if (!parsed.ok) return undefined;
  try {
    return readEditYaml(instance, parsed.value, mapping);
  } catch {
    return undefined;
  }
}
