/**
 * Grouping a list's rows (the instance list by status, project, member, tag or a user key).
 * No React: one pass over the rows as shown (already searched and sorted), groups in name order
 * with the rows of no group last, and the flat sequence a table draws, header rows included, so
 * that windowing treats a group header as one more row.
 */

/** The groups a row belongs to: a name, several (it shows under each), or none. */
export type GroupsOf<T> = (row: T) => string | readonly string[] | undefined;

export interface RowGroup<T> {
  /** The group's name ('' for the rows of no group). */
  key: string;
  /** What its header says ("running", "No tag"). */
  label: string;
  rows: T[];
  collapsed: boolean;
}

export type GroupedEntry<T> =
  { kind: 'group'; group: RowGroup<T> } | { kind: 'row'; row: T; group: string };

export interface GroupedRows<T> {
  groups: RowGroup<T>[];
  /** Headers and the rows of expanded groups, in drawing order. */
  entries: GroupedEntry<T>[];
}

/** The key of the group of rows that belong to none. */
export const NO_GROUP = '';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function groupRows<T>(
  rows: readonly T[],
  groupsOf: GroupsOf<T>,
  options: { emptyLabel: string; collapsed?: ReadonlySet<string> },
): GroupedRows<T> {
  const byKey = new Map<string, T[]>();
  const add = (key: string, row: T) => {
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  };
  for (const row of rows) {
    const found = groupsOf(row);
    if (found === undefined || found === '') add(NO_GROUP, row);
    else if (typeof found === 'string') add(found, row);
    else if (found.length === 0) add(NO_GROUP, row);
    else for (const key of new Set(found)) add(key, row);
  }
  const keys = [...byKey.keys()].filter((key) => key !== NO_GROUP).sort(collator.compare);
  if (byKey.has(NO_GROUP)) keys.push(NO_GROUP);
  const collapsed = options.collapsed;
  const groups: RowGroup<T>[] = keys.map((key) => ({
    key,
    label: key === NO_GROUP ? options.emptyLabel : key,
    rows: byKey.get(key) ?? [],
    collapsed: collapsed?.has(key) ?? false,
  }));
  const entries: GroupedEntry<T>[] = [];
  for (const group of groups) {
    entries.push({ kind: 'group', group });
    if (!group.collapsed)
      for (const row of group.rows) entries.push({ kind: 'row', row, group: group.key });
  }
  return { groups, entries };
}

/** A group's header text: "running (12)". */
export const groupHeading = (group: Pick<RowGroup<unknown>, 'label' | 'rows'>) =>
  `${group.label} (${String(group.rows.length)})`;

/** The rows of the expanded groups in drawing order, each once (a row may sit in several). */
export function rowsOf<T>(entries: readonly GroupedEntry<T>[]): T[] {
  const rows = new Set<T>();
  for (const entry of entries) if (entry.kind === 'row') rows.add(entry.row);
  return [...rows];
}
