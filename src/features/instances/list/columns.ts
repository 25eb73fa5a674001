/**
 * The instance table's columns, their sort orders and the remembered choice of hidden columns.
 * No React here.
 */
import type { InstanceListItem } from '../queries';

export type ColumnId =
  | 'name'
  | 'type'
  | 'status'
  | 'ipv4'
  | 'ipv6'
  | 'snapshots'
  | 'description'
  | 'profiles'
  | 'project'
  | 'location'
  | 'memory'
  | 'disk';

export interface ColumnDef {
  id: ColumnId;
  label: string;
  /**
   * Width in rem (the table has a fixed layout, so rows never jump while scrolling); 0 shares
   * what is left.
   */
  width: number;
  /** Sortable columns compare list data; live-state columns are only known for visible rows. */
  sortable: boolean;
  /** Hidden unless the user shows it. */
  hiddenByDefault?: boolean;
  /** Only in the all-projects view / only on a cluster. */
  only?: 'all-projects' | 'clustered';
}

export const COLUMNS: readonly ColumnDef[] = [
  { id: 'name', label: 'Name', width: 10, sortable: true },
  { id: 'type', label: 'Type', width: 8, sortable: true },
  { id: 'status', label: 'Status', width: 8, sortable: true },
  { id: 'project', label: 'Project', width: 7.5, sortable: true, only: 'all-projects' },
  { id: 'location', label: 'Location', width: 8, sortable: true, only: 'clustered' },
  { id: 'ipv4', label: 'IPv4', width: 8.5, sortable: false },
  { id: 'ipv6', label: 'IPv6', width: 12, sortable: false, hiddenByDefault: true },
  { id: 'snapshots', label: 'Snapshots', width: 6.5, sortable: false },
  { id: 'memory', label: 'Memory', width: 6.5, sortable: false },
  { id: 'disk', label: 'Disk', width: 6, sortable: false, hiddenByDefault: true },
  { id: 'profiles', label: 'Profiles', width: 9, sortable: true, hiddenByDefault: true },
  // No width: takes what is left.
  { id: 'description', label: 'Description', width: 0, sortable: true },
];

/** The name column is always shown: it names the row. */
export const ALWAYS_SHOWN: ReadonlySet<ColumnId> = new Set(['name']);

export function availableColumns(context: {
  allProjects: boolean;
  clustered: boolean;
}): ColumnDef[] {
  return COLUMNS.filter(
    (column) =>
      column.only === undefined ||
      (column.only === 'all-projects' && context.allProjects) ||
      (column.only === 'clustered' && context.clustered),
  );
}

export const COLUMN_PREFS_KEY = 'lxd-console.instances.hidden-columns';

type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'>;

const isColumnId = (value: unknown): value is ColumnId =>
  typeof value === 'string' && COLUMNS.some((column) => column.id === value);

/** The hidden columns remembered in `storage`, or the defaults when nothing valid is there. */
export function readHiddenColumns(storage: PrefsStorage | undefined): Set<ColumnId> {
  const defaults = new Set(COLUMNS.filter((c) => c.hiddenByDefault).map((c) => c.id));
  try {
    const raw = storage?.getItem(COLUMN_PREFS_KEY);
    if (!raw) return defaults;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return defaults;
    return new Set(parsed.filter(isColumnId).filter((id) => !ALWAYS_SHOWN.has(id)));
  } catch {
    return defaults;
  }
}

export function writeHiddenColumns(storage: PrefsStorage | undefined, hidden: Set<ColumnId>) {
  try {
    storage?.setItem(COLUMN_PREFS_KEY, JSON.stringify([...hidden].sort()));
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

/** The hidden set with `id` shown or hidden (the name column cannot be hidden). */
export function toggleColumn(hidden: ReadonlySet<ColumnId>, id: ColumnId): Set<ColumnId> {
  const next = new Set(hidden);
  if (ALWAYS_SHOWN.has(id)) return next;
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  column: ColumnId;
  direction: SortDirection;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const sortValue: Partial<Record<ColumnId, (item: InstanceListItem) => string>> = {
  name: (item) => item.name,
  type: (item) => item.type,
  status: (item) => item.status,
  project: (item) => item.project,
  location: (item) => item.location,
  profiles: (item) => item.profiles.join(', '),
  description: (item) => item.description,
};

/** A sorted copy; ties keep name order, then project order. */
export function sortInstances(
  items: readonly InstanceListItem[],
  sort: SortState,
): InstanceListItem[] {
  const value = sortValue[sort.column] ?? sortValue.name;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = items.map((item) => ({ item, key: value ? value(item) : item.name }));
  keyed.sort(
    (a, b) =>
      sign * collator.compare(a.key, b.key) ||
      collator.compare(a.item.name, b.item.name) ||
      collator.compare(a.item.project, b.item.project),
  );
  return keyed.map((entry) => entry.item);
}

/** Reads `?sort=name` / `?sort=-name` (descending). */
export function parseSort(value: string | null): SortState {
  const descending = value?.startsWith('-') ?? false;
  const id = descending ? value?.slice(1) : value;
  const column = COLUMNS.find((c) => c.id === id && c.sortable)?.id ?? 'name';
  return { column, direction: descending ? 'descending' : 'ascending' };
}

export function formatSort(sort: SortState): string {
  return sort.direction === 'descending' ? `-${sort.column}` : sort.column;
}
