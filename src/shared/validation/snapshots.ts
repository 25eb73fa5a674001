/** Snapshot names and expiry (instances and storage volumes alike), without React. */

export const SNAPSHOT_NAME_EMPTY = 'Snapshot name must not be empty';
export const SNAPSHOT_NAME_SLASH = 'Snapshot name must not contain /';
export const SNAPSHOT_NAME_EXISTS = 'A snapshot with this name already exists';
export const EXPIRY_IN_PAST = 'The expiry must be in the future';

/** An empty name is allowed on create (LXD names it after snapshots.pattern). */
export function snapshotNameError(
  name: string,
  existing: readonly string[],
  options: { required: boolean; current?: string },
): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return options.required ? SNAPSHOT_NAME_EMPTY : undefined;
  if (trimmed.includes('/')) return SNAPSHOT_NAME_SLASH;
  if (trimmed !== options.current && existing.includes(trimmed)) return SNAPSHOT_NAME_EXISTS;
  return undefined;
}

/** A `datetime-local` value as RFC 3339 (undefined when empty). */
export function expiryToIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function expiryError(local: string, now: Date = new Date()): string | undefined {
  const iso = expiryToIso(local);
  if (!iso) return undefined;
  return new Date(iso).getTime() <= now.getTime() ? EXPIRY_IN_PAST : undefined;
}
