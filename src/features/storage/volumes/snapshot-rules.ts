/** Volume snapshot names and expiry, without React. */
import type { LxdStorageVolumeSnapshot } from '../../../lxd/types/storage';
import { isZeroDate } from '../../../shared/format/dates';

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

/** A `datetime-local` value as RFC 3339 (undefined when empty or unreadable). */
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

/** Whether a snapshot never expires (no date, or LXD's zero date). */
export const neverExpires = (snapshot: Pick<LxdStorageVolumeSnapshot, 'expires_at'>) =>
  isZeroDate(snapshot.expires_at);

/** Milliseconds of a timestamp for sorting; the zero date and bad dates sort first. */
export function timeOf(value: string | null | undefined): number {
  if (!value || isZeroDate(value)) return 0;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
}
