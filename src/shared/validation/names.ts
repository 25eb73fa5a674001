/** Spec §5 name rules shared by every resource: derived names, unique names, taken names. */

/** Resource names (instances, volumes, pools, aliases) are at most this long (spec §9). */
export const RESOURCE_NAME_MAX_LENGTH = 63;

export const STORAGE_POOL_NAME_EXISTS = 'A storage pool with this name already exists';
export const STORAGE_VOLUME_NAME_EXISTS = 'A storage volume with this name already exists';

/**
 * A resource name made from a file name (an uploaded image or ISO): the extension removed,
 * every character other than a letter, digit or hyphen replaced by '-', and cut so that the
 * name with `suffix` is at most 63 characters.
 */
export function resourceNameFromFile(fileName: string, suffix = ''): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const cleaned = stem.replace(/[^A-Za-z0-9-]/g, '-');
  return cleaned.slice(0, Math.max(0, RESOURCE_NAME_MAX_LENGTH - suffix.length)) + suffix;
}

/** `name` if free, else `name-1`, `name-2`, ... the first that `exists` says is free. */
export function uniqueName(name: string, exists: (candidate: string) => boolean): string {
  if (!exists(name)) return name;
  for (let n = 1; ; n += 1) {
    const candidate = `${name}-${n}`;
    if (!exists(candidate)) return candidate;
  }
}

/**
 * The uniqueness message for a taken name, or undefined; the current name (when renaming) is
 * always allowed.
 */
export function takenNameError(
  message: string,
  name: string,
  taken: boolean,
  current?: string,
): string | undefined {
  if (current !== undefined && name === current) return undefined;
  return taken ? message : undefined;
}
