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
