const UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] as const;

/**
 * Spec §9: base 1024, units KiB to YiB with one decimal; below 1000 shown as B.
 * A value is moved to the next unit while it would show 1000 or more.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '-';
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  if (value < 1000) return `${sign}${Math.round(value)} B`;
  let unit = -1;
  do {
    value /= 1024;
    unit += 1;
  } while (Math.round(value * 10) / 10 >= 1000 && unit < UNITS.length - 1);
  return `${sign}${value.toFixed(1)} ${UNITS[unit] ?? 'YiB'}`;
}

/** LXD's size suffixes (shared/units): decimal kB…EB, binary KiB…EiB; no suffix or B is bytes. */
export const SIZE_MULTIPLIERS: Readonly<Record<string, number>> = {
  '': 1,
  B: 1,
  kB: 1000,
  KB: 1000,
  MB: 1000 ** 2,
  GB: 1000 ** 3,
  TB: 1000 ** 4,
  PB: 1000 ** 5,
  EB: 1000 ** 6,
  KiB: 1024,
  MiB: 1024 ** 2,
  GiB: 1024 ** 3,
  TiB: 1024 ** 4,
  PiB: 1024 ** 5,
  EiB: 1024 ** 6,
};

/** "512MiB" → 536870912, "2GB" → 2e9, "1024" → 1024; anything else (a percentage too) → null. */
export function parseByteSize(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([A-Za-z]*)$/.exec(value.trim());
  if (!match) return null;
  const multiplier = SIZE_MULTIPLIERS[match[2] ?? ''];
  if (multiplier === undefined) return null;
  return Math.round(Number(match[1]) * multiplier);
}
