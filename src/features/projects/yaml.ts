/**
 * The YAML mode of the project form: the same values as text. Creation shows the name, the
 * configuration page only description and config (renaming has its own action).
 */
import type { ProjectFormMode, ProjectFormValues } from './form';

export const YAML_MESSAGES = {
  notMapping: 'The YAML must be a mapping with description and config',
  configNotMapping: 'config must be a mapping of keys to values',
  configValue: (key: string) => `config value of ${key} must be text, a number or true/false`,
  description: 'description must be text',
  name: 'name must be text',
  renameInYaml: 'Use Rename to change the name of a project',
} as const;

/** What YAML mode shows: the name (creation only), description and config. */
export function projectYamlObject(values: ProjectFormValues, mode: ProjectFormMode): unknown {
  return mode === 'create'
    ? { name: values.name, description: values.description, config: values.config }
    : { description: values.description, config: values.config };
}

export type YamlValuesResult =
  { ok: true; values: ProjectFormValues } | { ok: false; error: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Config values go to LXD as strings: numbers and booleans are converted, other shapes refused. */
export function configFromYaml(
  value: unknown,
): { ok: true; config: Record<string, string> } | { ok: false; error: string } {
  if (value === undefined || value === null) return { ok: true, config: {} };
  if (!isRecord(value)) return { ok: false, error: YAML_MESSAGES.configNotMapping };
  const config: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === null || entry === undefined) continue;
    if (typeof entry === 'string') config[key] = entry;
    else if (typeof entry === 'number' || typeof entry === 'boolean') config[key] = String(entry);
    else return { ok: false, error: YAML_MESSAGES.configValue(key) };
  }
  return { ok: true, config };
}

/** YAML mode's object into form values; `previous` gives the name in edit mode. */
export function yamlObjectToValues(
  document: unknown,
  previous: ProjectFormValues,
  mode: ProjectFormMode,
): YamlValuesResult {
  if (!isRecord(document)) return { ok: false, error: YAML_MESSAGES.notMapping };
  const { name, description, config } = document;
  if (description !== undefined && description !== null && typeof description !== 'string') {
    return { ok: false, error: YAML_MESSAGES.description };
  }
  if (name !== undefined && name !== null && typeof name !== 'string') {
    return { ok: false, error: YAML_MESSAGES.name };
  }
  if (mode === 'edit' && typeof name === 'string' && name !== previous.name) {
    return { ok: false, error: YAML_MESSAGES.renameInYaml };
  }
  const result = configFromYaml(config);
  if (!result.ok) return result;
  return {
    ok: true,
    values: {
      ...previous,
      name: mode === 'create' ? (name ?? '') : previous.name,
      description: description ?? '',
      config: result.config,
    },
  };
}
