/** The columns a user hid in a list, remembered per list in localStorage. No React. */
import type { ListColumn } from './types';

type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const columnPrefsKey = (listId: string) => `lxd-console.${listId}.hidden-columns`;

export function defaultHidden<T, E>(columns: readonly ListColumn<T, E>[]): Set<string> {
  return new Set(columns.filter((column) => column.hiddenByDefault).map((column) => column.id));
}

/**
 * What is kept: the columns hidden and the columns shown when the choice was made. A column in
 * neither (one the console added since) takes its default.
 */
interface StoredColumns {
  hidden: string[];
  shown: string[];
}

function readStored(raw: string): StoredColumns | undefined {
  const parsed: unknown = JSON.parse(raw);
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : undefined;
  // The first form (until 2026-11-30) kept only the hidden ones, an array: a column hidden by
  // default and not in it may be one added since, so it keeps its default.
  if (Array.isArray(parsed)) return { hidden: strings(parsed) ?? [], shown: [] };
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const hidden = strings((parsed as { hidden?: unknown }).hidden);
  if (!hidden) return undefined;
  return { hidden, shown: strings((parsed as { shown?: unknown }).shown) ?? [] };
}

/** The hidden columns remembered for `listId`, or the defaults when nothing valid is there. */
export function readHiddenColumns<T, E>(
  storage: PrefsStorage | undefined,
  listId: string,
  columns: readonly ListColumn<T, E>[],
): Set<string> {
  const defaults = defaultHidden(columns);
  try {
    const raw = storage?.getItem(columnPrefsKey(listId));
    const stored = raw ? readStored(raw) : undefined;
    if (!stored) return defaults;
    const hidden = new Set(stored.hidden);
    const shown = new Set(stored.shown);
    return new Set(
      columns
        .filter(
          (column) =>
            !column.alwaysShown &&
            (hidden.has(column.id) || (!shown.has(column.id) && column.hiddenByDefault)),
        )
        .map((column) => column.id),
    );
  } catch {
    return defaults;
  }
}

/** Keeps the choice: the hidden columns, and the others that could be hidden as shown. */
export function writeHiddenColumns<T, E>(
  storage: PrefsStorage | undefined,
  listId: string,
  hidden: ReadonlySet<string>,
  columns: readonly ListColumn<T, E>[],
) {
  const stored: StoredColumns = {
    hidden: [...hidden].sort(),
    shown: columns
      .filter((column) => !column.alwaysShown && !hidden.has(column.id))
      .map((column) => column.id)
      .sort(),
  };
  try {
    storage?.setItem(columnPrefsKey(listId), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

/** The hidden set with `column` shown or hidden (an always-shown column cannot be hidden). */
export function toggleHidden<T, E>(
  hidden: ReadonlySet<string>,
  column: ListColumn<T, E>,
): Set<string> {
  const next = new Set(hidden);
  if (column.alwaysShown) return next;
  if (next.has(column.id)) next.delete(column.id);
  else next.add(column.id);
  return next;
}
