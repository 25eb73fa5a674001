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
