/**
 * Validation of the project form with exact messages. Name rules mirror LXD's own
 * (canonical/lxd `projectValidateName`) plus the console's 63-character limit (spec §9).
 */
import { PROJECT_LIMITS, supported } from './keys';
import { isFalse, isTrue, type ProjectFormMode, type ProjectFormValues } from './form';

export const PROJECT_NAME_MAX = 63;
export const UINT32_MAX = 4294967295;

export const PROJECT_MESSAGES = {
  nameRequired: 'Project name is required',
  nameLength: `Project name must be between 1 and ${PROJECT_NAME_MAX} characters`,
  nameSlash: 'Project names may not contain slashes',
  nameSpace: 'Project names may not contain spaces',
  nameUnderscore: 'Project names may not contain underscores',
  nameQuote: 'Project names may not contain quotes',
  nameReserved: 'Reserved project name',
  nameDots: 'Project name cannot be "." or ".."',
  nameExists: 'A project with this name already exists',
  count: 'Enter a whole number of 0 or more',
  countMax: `Enter a number up to ${UINT32_MAX}`,
  size: 'Enter a whole number with an optional unit, such as 512MiB or 10GiB',
  restrictedNeedsProfiles:
    'A restricted project needs its own profiles: turn on the Profiles feature',
} as const;

/** The rules of a project name; `existing` are the names taken (the current one is allowed). */
export function validateProjectName(
  name: string,
  existing: readonly string[] = [],
  current?: string,
): string | undefined {
  if (name === '') return PROJECT_MESSAGES.nameRequired;
  if (name.length > PROJECT_NAME_MAX) return PROJECT_MESSAGES.nameLength;
  if (name.includes('/')) return PROJECT_MESSAGES.nameSlash;
  if (/\s/.test(name)) return PROJECT_MESSAGES.nameSpace;
  if (name.includes('_')) return PROJECT_MESSAGES.nameUnderscore;
  if (name.includes("'") || name.includes('"')) return PROJECT_MESSAGES.nameQuote;
  if (name === '*') return PROJECT_MESSAGES.nameReserved;
  if (name === '.' || name === '..') return PROJECT_MESSAGES.nameDots;
  if (name !== current && existing.includes(name)) return PROJECT_MESSAGES.nameExists;
  return undefined;
}

/** A count limit: unset, or a whole number from 0 to 2^32-1. */
export function validateCount(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text)) return PROJECT_MESSAGES.count;
  if (Number(text) > UINT32_MAX) return PROJECT_MESSAGES.countMax;
  return undefined;
}

export const SIZE_UNITS = [
  'B',
  'KiB',
  'MiB',
  'GiB',
  'TiB',
  'PiB',
  'EiB',
  'kB',
  'MB',
  'GB',
  'TB',
  'PB',
  'EB',
] as const;

const SIZE_PATTERN = new RegExp(`^(\\d+)\\s*(${SIZE_UNITS.join('|')})?$`);

/** "10GiB" → { amount: "10", unit: "GiB" }; a plain number is bytes; invalid text → null. */
export function parseSize(value: string): { amount: string; unit: string } | null {
  const match = SIZE_PATTERN.exec(value.trim());
  if (!match) return null;
  return { amount: match[1] ?? '', unit: match[2] ?? 'B' };
}

const UNITS_LONGEST_FIRST = [...SIZE_UNITS].sort((a, b) => b.length - a.length);

/** The number box and unit of a size field, also for text that does not parse (yet). */
export function splitSize(value: string): { amount: string; unit: string } {
  const parsed = parseSize(value);
  if (parsed) return parsed;
  const text = value.trim();
  const unit = UNITS_LONGEST_FIRST.find((u) => text.endsWith(u));
  if (unit) return { amount: text.slice(0, -unit.length).trim(), unit };
  return { amount: text, unit: 'GiB' };
}

/** A size limit: unset, or a whole number with an optional unit. */
export function validateSize(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  return parseSize(text) ? undefined : PROJECT_MESSAGES.size;
}

export type ProjectFormErrors = Record<string, string>;

/** Every problem of the form, keyed by field ('name', 'restricted' or a config key). */
export function validateProjectForm(
  values: ProjectFormValues,
  options: {
    mode: ProjectFormMode;
    existing: readonly string[];
    extensions: readonly string[];
    current?: string | undefined;
  },
): ProjectFormErrors {
  const errors: ProjectFormErrors = {};
  if (options.mode === 'create') {
    const name = validateProjectName(values.name.trim(), options.existing, options.current);
    if (name) errors.name = name;
  }
  for (const limit of supported(PROJECT_LIMITS, options.extensions)) {
    const value = values.config[limit.key];
    const error = limit.kind === 'size' ? validateSize(value) : validateCount(value);
    if (error) errors[limit.key] = error;
  }
  if (isTrue(values.config.restricted) && isFalse(values.config['features.profiles'])) {
    errors.restricted = PROJECT_MESSAGES.restrictedNeedsProfiles;
  }
  return errors;
}
