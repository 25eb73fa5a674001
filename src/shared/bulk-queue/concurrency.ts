/** The bulk queue's per-server limit: 4 by default, 1 to 32, this browser's (localStorage). */

/** A place to keep the queue and its limit (localStorage in the browser). */
export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const DEFAULT_CONCURRENCY = 4;
export const MIN_CONCURRENCY = 1;
export const MAX_CONCURRENCY = 32;

export function clampConcurrency(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_CONCURRENCY;
  return Math.min(MAX_CONCURRENCY, Math.max(MIN_CONCURRENCY, Math.round(value)));
}

/** The setting's message for what the user typed, or undefined when it is a valid limit. */
export function concurrencyError(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter a number from 1 to 32';
  if (!/^\d+$/.test(trimmed)) return 'Enter a whole number from 1 to 32';
  const value = Number(trimmed);
  if (value < MIN_CONCURRENCY || value > MAX_CONCURRENCY) return 'Enter a number from 1 to 32';
  return undefined;
}

export const CONCURRENCY_KEY = 'lxd-console.bulk-concurrency';

/** The saved per-server limit, the default when there is none (or it is not valid). */
export function readConcurrency(storage: QueueStorage | undefined): number {
  const raw = storage?.getItem(CONCURRENCY_KEY);
  if (raw == null || concurrencyError(raw) !== undefined) return DEFAULT_CONCURRENCY;
  return Number(raw);
}
