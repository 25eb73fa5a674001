/** The snapshot list's columns, search and row naming (instances and storage volumes alike). */
import { formatDate, formatOrNever, isNever, isZeroDate } from '../../format/dates';
import { textColumn, type ListColumn, type ListSearch, type Noun, type SortState } from '../list';

/** What the table shows of a snapshot (an instance's or a storage volume's). */
export interface SnapshotRow {
  name: string;
  created_at?: string | undefined;
  /** The zero date (or none) when the snapshot never expires. */
  expires_at?: string | null | undefined;
  /** Instances: the running state was saved with it. */
  stateful?: boolean | undefined;
  description?: string | undefined;
}

export const SNAPSHOT_NOUN: Noun = { one: 'snapshot', other: 'snapshots' };
/** Oldest first, the order LXD lists them in. */
export const SNAPSHOT_DEFAULT_SORT: SortState = { column: 'created', direction: 'ascending' };

/** Milliseconds of a timestamp for sorting; no date, the zero date and bad dates sort first. */
function timeOf(value: string | null | undefined): number {
  if (!value || isZeroDate(value)) return 0;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
}

export interface SnapshotColumnOptions {
  /** A Stateful column (instances). */
  stateful?: boolean;
  /** A Description column, hidden until chosen (storage volumes). */
  descriptions?: boolean;
}

export function snapshotColumns<S extends SnapshotRow>({
  stateful = false,
  descriptions = false,
}: SnapshotColumnOptions): ListColumn<S>[] {
  const columns: ListColumn<S>[] = [
    textColumn('name', 'Name', (snapshot) => snapshot.name, { alwaysShown: true, rowHeader: true }),
    {
      id: 'created',
      header: 'Created',
      width: 10.5,
      priority: 2,
      sortValue: (snapshot) => timeOf(snapshot.created_at),
      cell: (snapshot) => formatDate(snapshot.created_at),
    },
    {
      id: 'expires',
      header: 'Expires',
      width: 10.5,
      priority: 2,
      // Snapshots that never expire come after those that do.
      sortValue: (snapshot) =>
        isNever(snapshot.expires_at) ? Number.MAX_SAFE_INTEGER : timeOf(snapshot.expires_at),
      cell: (snapshot) => formatOrNever(snapshot.expires_at),
    },
  ];
  if (stateful) {
    columns.push({
      id: 'stateful',
      header: 'Stateful',
      width: 7,
      priority: 2,
      sortValue: (snapshot) => (snapshot.stateful ? 1 : 0),
      cell: (snapshot) => (snapshot.stateful ? 'Yes' : 'No'),
    });
  }
  if (descriptions) {
    columns.push(
      textColumn('description', 'Description', (snapshot) => snapshot.description ?? '', {
        priority: 2,
        hiddenByDefault: true,
      }),
    );
  }
  return columns;
}

export const SNAPSHOT_SEARCH: ListSearch<SnapshotRow> = {
  label: 'Search snapshots',
  placeholder: 'Search snapshots',
  compile: (term) => {
    const needle = term.trim().toLowerCase();
    return (snapshot) =>
      snapshot.name.toLowerCase().includes(needle) ||
      (snapshot.description ?? '').toLowerCase().includes(needle);
  },
};

export const snapshotKey = (snapshot: SnapshotRow) => snapshot.name;
/** The rest of a row's accessible name: "created 3 Mar 2025, 10:00[, stateful]". */
export const snapshotDescription = (snapshot: SnapshotRow) =>
  `created ${formatDate(snapshot.created_at, 'Never')}${snapshot.stateful ? ', stateful' : ''}`;
