import { useMemo } from 'react';
import type { PaletteOption } from './CommandPalette';

/**
 * A feature's palette options from a list query's result: one option per item (none for
 * undefined), computed again only when the data or the project change.
 */
export function usePaletteList<T>(
  query: { data: readonly T[] | undefined; isPending: boolean },
  project: string,
  toOption: (item: T, project: string) => PaletteOption | undefined,
): { options: readonly PaletteOption[]; loading: boolean } {
  // toOption is a module-level function in every source, so it does not change.
  const { data, isPending } = query;
  const options = useMemo(
    () => mapDefined(data ?? [], (item) => toOption(item, project)),
    [data, project, toOption],
  );
  return { options, loading: isPending };
}

function mapDefined<T, U>(items: readonly T[], map: (item: T) => U | undefined): U[] {
  const out: U[] = [];
  for (const item of items) {
    const mapped = map(item);
    if (mapped !== undefined) out.push(mapped);
  }
  return out;
}
