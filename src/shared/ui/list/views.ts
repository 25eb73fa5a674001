/**
 * Named views of a list: a name and the URL parameters that make the view (search, filters,
 * sort, group and the shown columns as `columns=`), kept in localStorage per list, per user and
 * per remote. The same parameters make the view's link. No React.
 */
import type { ListColumn } from './types';

export const GROUP_PARAM = 'group';
/** The shown columns (those that can be hidden), comma-separated, in a view's link. */
export const COLUMNS_PARAM = 'columns';
export const MAX_VIEW_NAME = 60;

export interface SavedView {
  name: string;
  /** The view's URL parameters (`search=web&group=tag&columns=name,status`). */
  query: string;
}

type ViewStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Who the views belong to: the signed-in user on a remote. */
export interface ViewOwner {
  user: string;
  remote: string;
}

export const viewsKey = (listId: string, owner: ViewOwner) =>
  `lxd-console.${listId}.views.${encodeURIComponent(owner.remote)}.${encodeURIComponent(owner.user)}`;

export const VIEW_MESSAGES = {
  required: 'Enter a name for the view.',
  long: `A view name is at most ${String(MAX_VIEW_NAME)} characters.`,
  taken: (name: string) => `A view named "${name}" already exists.`,
} as const;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const sameName = (a: string, b: string) => collator.compare(a, b) === 0;
const byName = (a: SavedView, b: SavedView) => collator.compare(a.name, b.name);

export function readViews(storage: ViewStorage | undefined, key: string): SavedView[] {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (entry): entry is SavedView =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as SavedView).name === 'string' &&
          typeof (entry as SavedView).query === 'string',
      )
      .sort(byName);
  } catch {
    return [];
  }
}

export function writeViews(
  storage: ViewStorage | undefined,
  key: string,
  views: readonly SavedView[],
): void {
  try {
    storage?.setItem(key, JSON.stringify(views));
  } catch {
    // Storage full or disabled: the views last for this page only.
  }
}

/** What is wrong with a view's name (trimmed), or undefined. `except`: the view being renamed. */
export function validateViewName(
  raw: string,
  views: readonly SavedView[],
  except?: string,
): string | undefined {
  const name = raw.trim();
  if (!name) return VIEW_MESSAGES.required;
  if (name.length > MAX_VIEW_NAME) return VIEW_MESSAGES.long;
  const taken = views.find(
    (view) => sameName(view.name, name) && (except === undefined || !sameName(view.name, except)),
  );
  return taken ? VIEW_MESSAGES.taken(taken.name) : undefined;
}

export function saveView(views: readonly SavedView[], name: string, query: string): SavedView[] {
  const trimmed = name.trim();
  return [...views.filter((view) => !sameName(view.name, trimmed)), { name: trimmed, query }].sort(
    byName,
  );
}

export function renameView(views: readonly SavedView[], from: string, to: string): SavedView[] {
  return views
    .map((view) => (sameName(view.name, from) ? { ...view, name: to.trim() } : view))
    .sort(byName);
}

export function deleteView(views: readonly SavedView[], name: string): SavedView[] {
  return views.filter((view) => !sameName(view.name, name));
}

/** `columns=`: the shown columns that could be hidden, in the list's order. */
export function formatColumnsParam<T, E>(
  columns: readonly ListColumn<T, E>[],
  hidden: ReadonlySet<string>,
): string {
  return columns
    .filter((column) => !column.alwaysShown && !hidden.has(column.id))
    .map((column) => column.id)
    .join(',');
}

/** The hidden columns a `columns=` value means: every column it does not name. */
export function parseColumnsParam<T, E>(
  value: string,
  columns: readonly ListColumn<T, E>[],
): Set<string> {
  const shown = new Set(value.split(',').map((id) => id.trim()));
  return new Set(
    columns.filter((column) => !column.alwaysShown && !shown.has(column.id)).map((c) => c.id),
  );
}

/** The address of a view: the page's path with the view's parameters. */
export function viewLink(origin: string, pathname: string, query: string): string {
  return `${origin}${pathname}${query ? `?${query}` : ''}`;
}
