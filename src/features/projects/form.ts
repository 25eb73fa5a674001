/**
 * The project form's values and their pure mappings to and from LXD's project (spec §3:
 * projects map to restricted.*, features.*, limits.*). The form edits the config map directly;
 * an empty value means "not set" and is left out of the body. Keys the form does not show
 * (user.*, images.*, backups.*) travel unchanged.
 */
import type { LxdProject, LxdProjectsPost } from '../../lxd/types/project';
import { PROJECT_FEATURES, PROJECT_KEYS, supported } from './keys';

export type ProjectFormMode = 'create' | 'edit';

/** The new project's default profile: a root disk on `pool`, an eth0 on `network` ('' none). */
export interface ProjectDefaults {
  pool: string;
  network: string;
}

export interface ProjectFormValues {
  name: string;
  description: string;
  config: Record<string, string>;
  /** The create form's choices for the new project's default profile. */
  defaults?: ProjectDefaults;
}

/**
 * The values as the form kit holds them: each key the form draws under its form id
 * (`config.limits_cpu`: react-hook-form reads dots as nesting), the others kept as they are.
 */
export interface ProjectFormFields {
  name: string;
  description: string;
  config: Record<string, string>;
  otherConfig: Record<string, string>;
  defaults?: ProjectDefaults;
}

const FORM_KEYS = new Set(PROJECT_KEYS.map((key) => key.key));

export function toFormFields(values: ProjectFormValues): ProjectFormFields {
  const config: Record<string, string> = {};
  for (const key of PROJECT_KEYS) config[key.id] = values.config[key.key] ?? '';
  const otherConfig = Object.fromEntries(
    Object.entries(values.config).filter(([key]) => !FORM_KEYS.has(key)),
  );
  return { ...values, config, otherConfig };
}

/** The fields back into values, in the order of the project's own config, new keys after. */
export function fromFormFields(
  { otherConfig, config: fields, ...rest }: ProjectFormFields,
  order: Record<string, string> = {},
): ProjectFormValues {
  let config: Record<string, string> = {};
  for (const key of Object.keys(order)) config[key] = '';
  Object.assign(config, otherConfig);
  for (const key of PROJECT_KEYS) config = withConfigValue(config, key.key, fields[key.id] ?? '');
  return {
    ...rest,
    config: Object.fromEntries(Object.entries(config).filter(([, v]) => v !== '')),
  };
}

/** The form path of a key ("limits.cpu" → "config.limits_cpu"); name and the others as they are. */
export function fieldPath(field: string): string {
  const key = PROJECT_KEYS.find((candidate) => candidate.key === field);
  return key ? `config.${key.id}` : field;
}

/** The key of a form path ("config.limits_cpu" → "limits.cpu"). */
export function keyOfPath(path: string): string {
  const key = PROJECT_KEYS.find((candidate) => `config.${candidate.id}` === path);
  return key ? key.key : path;
}

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/** LXD's reading of a boolean config value. */
export function isTrue(value: string | undefined): boolean {
  return TRUE_WORDS.includes((value ?? '').trim().toLowerCase());
}

export function isFalse(value: string | undefined): boolean {
  return FALSE_WORDS.includes((value ?? '').trim().toLowerCase());
}

/** A new project: every feature the server supports set to its default, nothing else. */
export function newProjectValues(extensions: readonly string[]): ProjectFormValues {
  const config: Record<string, string> = {};
  for (const feature of supported(PROJECT_FEATURES, extensions)) {
    config[feature.key] = feature.createDefault ? 'true' : 'false';
  }
  return { name: '', description: '', config };
}

export function projectToValues(project: LxdProject): ProjectFormValues {
  return {
    name: project.name,
    description: project.description,
    config: { ...project.config },
  };
}

/** Sets one key; an empty value removes it (the server default applies). */
export function withConfigValue(
  config: Record<string, string>,
  key: string,
  value: string,
): Record<string, string> {
  if (value !== '') return { ...config, [key]: value };
  return Object.fromEntries(Object.entries(config).filter(([k]) => k !== key));
}

/** The body of POST /1.0/projects (PUT takes its description and config). */
export function valuesToBody(values: ProjectFormValues): LxdProjectsPost {
  const config: Record<string, string> = {};
  for (const [key, value] of Object.entries(values.config)) {
    const text = value.trim();
    if (text !== '') config[key] = text;
  }
  return { name: values.name.trim(), description: values.description, config };
}
