/** The columns a user hid in a list, remembered per list in localStorage. No React. */
import type { ListColumn } from './types';

type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const columnPrefsKey = (listId: string) => `lxd-console.${listId}.hidden-columns`;

export function defaultHidden<T, E>(columns: readonly ListColumn<T, E>[]): Set<string> {
  return new Set(columns.filter((column) => column.hiddenByDefault).map((column) => column.id));
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
    if (!raw) return defaults;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return defaults;
    const hideable = new Set(columns.filter((c) => !c.alwaysShown).map((c) => c.id));
    return new Set(parsed.filter((id): id is string => typeof id === 'string' && hideable.has(id)));
  } catch {
    return defaults;
  }
}

export function writeHiddenColumns(
  storage: PrefsStorage | undefined,
  listId: string,
  hidden: ReadonlySet<string>,
) {
  try {
    storage?.setItem(columnPrefsKey(listId), JSON.stringify([...hidden].sort()));
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
