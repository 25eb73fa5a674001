import { formatDate, isZeroDate } from '../../../../shared/format/dates';

/**
 * LXD 5.0 reports an instance that never ran with last_used_at at the Unix epoch, newer
 * servers with the zero date: both mean "never".
 */
export function isNever(value: string | null | undefined): boolean {
  return isZeroDate(value) || (value ?? '').startsWith('1970-01-01T00:00:00');
}

/** A timestamp, or 'Never' for the zero date and the epoch. */
export function formatOrNever(value: string | null | undefined): string {
  return isNever(value) ? 'Never' : formatDate(value, 'Never');
}
