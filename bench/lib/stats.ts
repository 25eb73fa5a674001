/** Min / median / max of measured runs, and how figures are printed. */

export interface Summary {
  min: number;
  median: number;
  max: number;
  n: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The summary of the numbers among `values`, or null when none was measured. */
export function summarise(values: readonly (number | null | undefined)[]): Summary | null {
  const numbers = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (numbers.length === 0) return null;
  return {
    min: Math.min(...numbers),
    median: median(numbers),
    max: Math.max(...numbers),
    n: numbers.length,
  };
}

export type Unit = 'ms' | 'KB' | 'MB' | 'count' | '%' | 'x';

/** One figure: KB = 1,000 bytes and MB = 1,000,000 bytes (values are given in bytes). */
export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'ms':
      return value >= 100 ? value.toFixed(0) : value.toFixed(1);
    case 'KB':
      return (value / 1000).toFixed(1);
    case 'MB':
      return (value / 1e6).toFixed(2);
    case '%':
      return value.toFixed(1);
    case 'x':
      return value.toFixed(2);
    case 'count':
      return Number.isInteger(value) ? String(value) : value.toFixed(1);
  }
}

/** "median (min–max)", or just the value when all runs agree. */
export function formatSummary(summary: Summary | null, unit: Unit, missing = 'n/a'): string {
  if (!summary) return missing;
  const med = formatValue(summary.median, unit);
  const lo = formatValue(summary.min, unit);
  const hi = formatValue(summary.max, unit);
  return lo === hi ? med : `${med} (${lo}–${hi})`;
}

/** Pads cells into aligned columns. */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
