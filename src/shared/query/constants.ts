/** Data cache rules of spec §9: 3 retries with exponential back-off up to 30 s; unused data is dropped after 5 minutes. */
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, QUERY_RETRY_MAX_DELAY_MS);
}
