/**
 * The terminal's session options (command, user, group, working directory, environment): the
 * form's values, their rules, and what they become in POST /1.0/instances/{name}/exec.
 */
import type { ExecOptions } from '../../../../lxd/endpoints/instance-detail';

/** Busybox and many minimal images have no bash: sh is the default. */
export const DEFAULT_SHELL = 'sh';

export interface EnvRow {
  key: string;
  value: string;
}

export interface TerminalOptions {
  command: string;
  /** A uid, empty for LXD's default (root). */
  user: string;
  /** A gid, empty for LXD's default (root). */
  group: string;
  /** An absolute path, empty for LXD's default (the user's home, else /). */
  cwd: string;
  environment: EnvRow[];
}

export const DEFAULT_OPTIONS: TerminalOptions = {
  command: DEFAULT_SHELL,
  user: '',
  group: '',
  cwd: '',
  environment: [],
};

export const TERMINAL_MESSAGES = {
  user: 'User ID must be a whole number of 0 or more',
  group: 'Group ID must be a whole number of 0 or more',
  idTooLarge: 'IDs go up to 4294967295',
  cwd: 'The working directory must be an absolute path (starting with /)',
  envKeyRequired: 'Enter a variable name',
  envKey: 'Use letters, digits and underscores, not starting with a digit',
  envKeyDuplicate: 'This variable is already set above',
} as const;

/** LXD reads uid and gid as uint32. */
const MAX_ID = 4294967295;

export interface TerminalOptionErrors {
  user?: string;
  group?: string;
  cwd?: string;
  /** One entry per environment row (same order), undefined where the row is fine. */
  environment: (string | undefined)[];
}

function idError(value: string, message: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (!/^\d+$/.test(text)) return message;
  if (Number(text) > MAX_ID) return TERMINAL_MESSAGES.idTooLarge;
  return undefined;
}

export function splitCommand(command: string): string[] {
  return command.trim().split(/\s+/).filter(Boolean);
}

export function validateOptions(options: TerminalOptions): TerminalOptionErrors {
  const errors: TerminalOptionErrors = { environment: [] };
  const user = idError(options.user, TERMINAL_MESSAGES.user);
  if (user) errors.user = user;
  const group = idError(options.group, TERMINAL_MESSAGES.group);
  if (group) errors.group = group;
  const cwd = options.cwd.trim();
  if (cwd && !cwd.startsWith('/')) errors.cwd = TERMINAL_MESSAGES.cwd;
  errors.environment = options.environment.map((row, index) => {
    const key = row.key.trim();
    if (!key) return row.value ? TERMINAL_MESSAGES.envKeyRequired : undefined;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return TERMINAL_MESSAGES.envKey;
    if (options.environment.slice(0, index).some((other) => other.key.trim() === key)) {
      return TERMINAL_MESSAGES.envKeyDuplicate;
    }
    return undefined;
  });
  return errors;
}

export function hasErrors(errors: TerminalOptionErrors): boolean {
  return Boolean(errors.user ?? errors.group ?? errors.cwd) || errors.environment.some(Boolean);
}

/** The problems by field path, as the form kit takes them (`environment.{row}.key`). */
export function optionProblems(options: TerminalOptions): Partial<Record<string, string>> {
  const errors = validateOptions(options);
  const problems: Partial<Record<string, string>> = {
    user: errors.user,
    group: errors.group,
    cwd: errors.cwd,
  };
  errors.environment.forEach((message, index) => {
    if (message) problems[`environment.${String(index)}.key`] = message;
  });
  return problems;
}

/** What the exec call is given for these (valid) options; empty fields are left to LXD. */
export function toExecOptions(
  options: TerminalOptions,
  size: { cols: number; rows: number },
): ExecOptions {
  const command = splitCommand(options.command);
  const environment: Record<string, string> = {};
  for (const row of options.environment) {
    const key = row.key.trim();
    if (key) environment[key] = row.value;
  }
  const exec: ExecOptions = {
    command: command.length > 0 ? command : [DEFAULT_SHELL],
    width: size.cols,
    height: size.rows,
    environment,
  };
  if (options.user.trim()) exec.user = Number(options.user.trim());
  if (options.group.trim()) exec.group = Number(options.group.trim());
  if (options.cwd.trim()) exec.cwd = options.cwd.trim();
  return exec;
}

/** A one-line summary of the options in effect (shown next to the status). */
export function describeOptions(options: TerminalOptions): string {
  const parts = [`uid ${options.user.trim() || '0'}`, `gid ${options.group.trim() || '0'}`];
  if (options.cwd.trim()) parts.push(`in ${options.cwd.trim()}`);
  const vars = options.environment.filter((row) => row.key.trim()).length;
  if (vars) parts.push(`${vars} variable${vars === 1 ? '' : 's'}`);
  return parts.join(', ');
}
