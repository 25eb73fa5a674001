/** LXD's "never" timestamp (spec §4, §9). */
export const ZERO_DATE = '0001-01-01T00:00:00Z';

export function isZeroDate(value: string | null | undefined): boolean {
  if (!value) return true;
  return value === ZERO_DATE || value.startsWith('0001-01-01T00:00:00');
}

/**
 * A timestamp for display: the zero date (or no date) shows `empty` ('' by default, or 'Never'
 * where a column reads better that way).
 */
export function formatDate(value: string | null | undefined, empty: '' | 'Never' = ''): string {
  if (!value || isZeroDate(value)) return empty;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * "Never" as LXD says it: the zero date, and the Unix epoch LXD 5.0 gives an instance that
 * never ran (last_used_at).
 */
export function isNever(value: string | null | undefined): boolean {
  return isZeroDate(value) || (value ?? '').startsWith('1970-01-01T00:00:00');
}

/** A timestamp, or 'Never' for the zero date and the epoch. */
export function formatOrNever(value: string | null | undefined): string {
  return isNever(value) ? 'Never' : formatDate(value, 'Never');
}
