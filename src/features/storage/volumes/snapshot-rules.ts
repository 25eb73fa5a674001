/** Volume snapshot dates, without React (names and expiry: shared/validation/snapshots). */
import { isZeroDate } from '../../../shared/format/dates';

/** Milliseconds of a timestamp for sorting; the zero date and bad dates sort first. */
export function timeOf(value: string | null | undefined): number {
  if (!value || isZeroDate(value)) return 0;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
}
