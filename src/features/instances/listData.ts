/**
 * The instance list as cached: compact items (see toListItem), some of which may still be
 * names only (the names come first, the details of the rows in view next, the whole list last),
 * and whether the whole list has arrived. Pure functions on it; no React, no requests.
 */
/** What these functions need of an item (list-item.ts's InstanceListItem). */
export interface ListItem {
  name: string;
  project: string;
  /** Only the name is known yet. */
  pending?: true;
}

export interface ListData<T extends ListItem> {
  items: readonly T[];
  /** Every item has its details (the full list has arrived): sorting and filtering may use them. */
  complete: boolean;
  /** Why the full list could not be loaded (the rows in view still get their details). */
  detailsError?: string | undefined;
}

export const itemKey = (item: { project: string; name: string }) => `${item.project}/${item.name}`;

/**
 * The instances of a `recursion=0` answer: `/1.0/instances/web1` or, across projects,
 * `/1.0/instances/web1?project=alpha` (no project: `fallback`, else "default").
 */
export function parseInstanceUrls(
  urls: readonly string[],
  fallback: string | undefined,
): { project: string; name: string }[] {
  return urls.map((url) => {
    const [path = '', query = ''] = url.split('?', 2);
    const name = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
    const project = new URLSearchParams(query).get('project') ?? fallback ?? 'default';
    return { project, name };
  });
}

/**
 * The list after a names answer: names already known keep their details (the previous list's,
 * until the full list replaces them), new ones are names only, missing ones go.
 */
export function withNames<T extends ListItem>(
  names: readonly { project: string; name: string }[],
  previous: ListData<T> | undefined,
  nameOnly: (project: string, name: string) => T,
): ListData<T> {
  const known = new Map<string, T>();
  for (const item of previous?.items ?? []) known.set(itemKey(item), item);
  let complete = previous?.complete ?? false;
  const items = names.map(({ project, name }) => {
    const item = known.get(`${project}/${name}`);
    if (item && !item.pending) return item;
    complete = false;
    return item ?? nameOnly(project, name);
  });
  return { items, complete };
}

/** Puts `item` in place of the row of the same instance, or adds it. */
export function upsertItem<T extends ListItem>(list: ListData<T>, item: T): ListData<T> {
  const key = itemKey(item);
  const index = list.items.findIndex((row) => itemKey(row) === key);
  const items = [...list.items];
  if (index < 0) items.push(item);
  else items[index] = item;
  return { ...list, items };
}

export function removeItem<T extends ListItem>(
  list: ListData<T>,
  project: string,
  name: string,
): ListData<T> {
  const items = list.items.filter((row) => !(row.name === name && row.project === project));
  return items.length === list.items.length ? list : { ...list, items };
}

/** Changes an event made while the full list was on its way, applied again on top of it. */
export type Journal<T> = Map<string, T | null>;

export function withJournal<T extends ListItem>(items: T[], journal: Journal<T>): T[] {
  if (journal.size === 0) return items;
  const seen = new Set<string>();
  const result: T[] = [];
  for (const item of items) {
    const key = itemKey(item);
    seen.add(key);
    const changed = journal.get(key);
    if (changed === undefined) result.push(item);
    else if (changed !== null) result.push(changed);
  }
  for (const [key, item] of journal) if (item && !seen.has(key)) result.push(item);
  return result;
}
