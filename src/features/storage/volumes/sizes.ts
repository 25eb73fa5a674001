/** Volume sizes: LXD's size strings, the form's amount and unit, and the size rules. */
import { SIZE_MULTIPLIERS } from '../../../shared/format/bytes';

export const SIZE_INVALID = 'Size must be a whole number greater than 0';
export const BLOCK_SHRINK = 'A block volume cannot be made smaller';

/** The units the size field offers (LXD also reads kB, MB, GB… and plain bytes). */
export const SIZE_UNITS = ['MiB', 'GiB', 'TiB'] as const;
export const DEFAULT_SIZE_UNIT = 'GiB';

/** A unit's bytes (LXD's suffixes); the field's unit is never empty (plain bytes are `B`). */
const multiplierOf = (unit: string): number | undefined =>
  unit === '' ? undefined : SIZE_MULTIPLIERS[unit];

/** `10GiB` → { amount: '10', unit: 'GiB' }; plain bytes have the unit `B`; '' stays empty. */
export function parseSize(value: string | undefined): { amount: string; unit: string } {
  const text = (value ?? '').trim();
  if (text === '') return { amount: '', unit: DEFAULT_SIZE_UNIT };
  const match = /^(\d+(?:\.\d+)?)\s*([A-Za-z]*)$/.exec(text);
  if (!match) return { amount: text, unit: '' };
  return { amount: match[1] ?? '', unit: match[2] || 'B' };
}

/** The config value of an amount and unit; an empty amount means "not set". */
export function formatSize(amount: string, unit: string): string {
  const value = amount.trim();
  if (value === '') return '';
  return unit === 'B' ? value : `${value}${unit}`;
}

/** Bytes of a size LXD would read, or undefined when it cannot be read. */
export function sizeToBytes(value: string | undefined): number | undefined {
  const { amount, unit } = parseSize(value);
  if (amount === '' || !/^\d+$/.test(amount)) return undefined;
  const multiplier = multiplierOf(unit);
  return multiplier === undefined ? undefined : Number(amount) * multiplier;
}

/**
 * The size field's rule: empty (the pool's default applies) or a whole number above 0; a block
 * volume may grow but not shrink (`previous` is its size as saved).
 */
export function sizeError(
  amount: string,
  unit: string,
  options: { contentType?: string; previous?: string | undefined } = {},
): string | undefined {
  const value = amount.trim();
  if (value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0) return SIZE_INVALID;
  if (multiplierOf(unit) === undefined) return SIZE_INVALID;
  if (options.contentType === 'block' && options.previous) {
    const before = sizeToBytes(options.previous);
    const after = sizeToBytes(formatSize(value, unit));
    if (before !== undefined && after !== undefined && after < before) {
      return BLOCK_SHRINK;
    }
  }
  return undefined;
}
