/** Validation of values typed into the settings table, and the concurrent-change check. */
import type { ServerConfigValue } from '../../lxd/endpoints/settings';
import type { SettingOption } from './options';

export const MESSAGES = {
  required: 'Enter a value (use Reset to go back to the default)',
  integer: 'Enter a whole number',
  min: (min: number) => `Enter ${min} or more`,
  userKeyPrefix: 'The key must start with "user." followed by a name',
  userKeySpaces: 'The key cannot contain spaces',
  userKeyExists: 'A setting with this key already exists',
  userValueRequired: 'Enter a value',
} as const;

/** The error of a value about to be saved, or undefined when it is fine. */
export function validateValue(
  option: Pick<SettingOption, 'type' | 'min'>,
  value: string,
): string | undefined {
  const text = value.trim();
  if (text === '') return MESSAGES.required;
  if (option.type === 'integer') {
    if (!/^-?\d+$/.test(text)) return MESSAGES.integer;
    if (option.min !== undefined && Number(text) < option.min) return MESSAGES.min(option.min);
  }
  return undefined;
}

/** The error of a new user key, or undefined. */
export function validateUserKey(key: string, existing: readonly string[]): string | undefined {
  if (/\s/.test(key)) return MESSAGES.userKeySpaces;
  if (!key.startsWith('user.') || key.length <= 'user.'.length) return MESSAGES.userKeyPrefix;
  if (existing.includes(key)) return MESSAGES.userKeyExists;
  return undefined;
}

/** The value is saved as typed, except integers, which lose surrounding spaces. */
export function valueToSave(option: Pick<SettingOption, 'type'>, value: string): string {
  return option.type === 'integer' ? value.trim() : value;
}

function describe(value: ServerConfigValue | undefined): string {
  if (value === undefined) return 'it is now unset';
  if (typeof value === 'boolean') return 'it is now set to a hidden value';
  return `it is now “${value}”`;
}

/** The setting changed on the server since the user started editing it. */
export class SettingConflictError extends Error {
  override readonly name = 'SettingConflictError';
  constructor(
    readonly key: string,
    readonly current: ServerConfigValue | undefined,
  ) {
    super(
      `Someone else changed ${key} while you were editing it; ${describe(current)}. Save again to replace it.`,
    );
  }
}

/** Throws a SettingConflictError when the server's value is not the one the user saw. */
export function assertUnchanged(
  key: string,
  expected: ServerConfigValue | undefined,
  current: ServerConfigValue | undefined,
): void {
  if (expected !== current) throw new SettingConflictError(key, current);
}
