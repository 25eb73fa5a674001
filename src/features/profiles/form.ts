/**
 * The profile form on top of the shared configuration form: what YAML mode shows, how it is
 * read back, and the bodies of POST and PUT. Creation shows the name in YAML; editing does not
 * (renaming has its own action).
 */
import type { LxdProfile, LxdProfilesPost } from '../../lxd/types/profile';
import {
  readEntityYaml,
  toConfig,
  toFormValues,
  type ConfigFormValues,
  type MappingOptions,
} from '../../shared/config-form';

export type ProfileFormMode = 'create' | 'edit';

export const RENAME_IN_YAML = 'Use Rename to change the name of a profile';

export function newProfileValues(mapping: MappingOptions): ConfigFormValues {
  return toFormValues({ name: '', description: '', config: {}, devices: {} }, mapping);
}

export function profileToValues(profile: LxdProfile, mapping: MappingOptions): ConfigFormValues {
  return toFormValues(profile, mapping);
}

export function valuesToProfileBody(
  values: ConfigFormValues,
  mapping: MappingOptions,
): LxdProfilesPost {
  const { config, devices } = toConfig(values, mapping);
  return { name: values.name.trim(), description: values.description, config, devices };
}

export function profileYamlObject(
  values: ConfigFormValues,
  mode: ProfileFormMode,
  mapping: MappingOptions,
): unknown {
  const { name, ...body } = valuesToProfileBody(values, mapping);
  return mode === 'create' ? { name, ...body } : body;
}

/** Reads YAML mode's object; throws with a message the form shows for a wrong shape. */
export function profileFromYamlObject(
  value: unknown,
  previousName: string,
  mode: ProfileFormMode,
  mapping: MappingOptions,
): ConfigFormValues {
  const entity = readEntityYaml(value);
  if (mode === 'edit' && entity.name !== undefined && entity.name !== previousName) {
    throw new Error(RENAME_IN_YAML);
  }
  return toFormValues(
    {
      name: mode === 'create' ? (entity.name ?? '') : previousName,
      description: entity.description ?? '',
      config: entity.config ?? {},
      devices: entity.devices ?? {},
    },
    mapping,
  );
}
