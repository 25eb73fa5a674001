/** Volume snapshot dates, without React (names and expiry: shared/validation/snapshots). */
import type { LxdStorageVolumeSnapshot } from '../../../lxd/types/storage';
import { isZeroDate } from '../../../shared/format/dates';

/** Whether a snapshot never expires (no date, or LXD's zero date). */
export const neverExpires = (snapshot: Pick<LxdStorageVolumeSnapshot, 'expires_at'>) =>
  isZeroDate(snapshot.expires_at);

/** Milliseconds of a timestamp for sorting; the zero date and bad dates sort first. */
export function timeOf(value: string | null | undefined): number {
  if (!value || isZeroDate(value)) return 0;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
}
