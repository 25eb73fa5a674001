/** Spec §5 instance name rules, with the spec's exact messages. */

export const INSTANCE_NAME_EXISTS = 'An instance with this name already exists';
export const INSTANCE_NAME_LENGTH = 'Instance name must be between 1 and 63 characters';
export const INSTANCE_NAME_CHARACTERS = 'Only alphanumeric and hyphen characters are allowed';
export const INSTANCE_NAME_START = 'Instance name must start with a letter';

export const INSTANCE_NAME_MAX_LENGTH = 63;

/** The first rule the name breaks (length, characters, first letter), or undefined. */
export function instanceNameError(name: string): string | undefined {
  if (name.length < 1 || name.length > INSTANCE_NAME_MAX_LENGTH) return INSTANCE_NAME_LENGTH;
  if (!/^[A-Za-z0-9-]+$/.test(name)) return INSTANCE_NAME_CHARACTERS;
  if (!/^[A-Za-z]/.test(name)) return INSTANCE_NAME_START;
  return undefined;
}

/** Answers whether a name is taken in a project (GET /1.0/instances/{name}?project). */
export type NameLookup = (project: string, name: string, signal: AbortSignal) => Promise<boolean>;

/**
 * Uniqueness checks where a new check aborts the one still in flight (the name changed again).
 * `check` resolves to the error message, undefined when free, or undefined when aborted or
 * when the lookup failed (LXD then has the last word on submit).
 */
export function createNameChecker(lookup: NameLookup) {
  let inFlight: AbortController | undefined;
  return {
    async check(project: string, name: string, current?: string): Promise<string | undefined> {
      inFlight?.abort();
      if (current !== undefined && name === current) return undefined;
      const controller = new AbortController();
      inFlight = controller;
      try {
        const exists = await lookup(project, name, controller.signal);
        return exists ? INSTANCE_NAME_EXISTS : undefined;
      } catch {
        return undefined;
      } finally {
        if (inFlight === controller) inFlight = undefined;
      }
    },
    cancel() {
      inFlight?.abort();
      inFlight = undefined;
    },
  };
}

export type NameChecker = ReturnType<typeof createNameChecker>;

/** The whole rule set: the format rules first, then uniqueness (the current name allowed). */
export async function validateInstanceName(
  checker: NameChecker,
  project: string,
  name: string,
  current?: string,
): Promise<string | undefined> {
  const error = instanceNameError(name);
  if (error) {
    checker.cancel();
    return error;
  }
  return checker.check(project, name, current);
}
