/** The snapshot list's columns, search and row naming. */
import type { LxdInstanceSnapshot } from '../../../../lxd/types/snapshot';
import { formatDate } from '../../../../shared/format/dates';
import {
  type ListColumn,
  type ListSearch,
  type Noun,
  type SortState,
  textColumn,
} from '../../../../shared/ui/list';
import { formatOrNever, isNever } from '../components/dates';

/** The columns menu remembers its choice under `lxd-console.instance-snapshots.hidden-columns`. */
export const SNAPSHOT_LIST_ID = 'instance-snapshots';
export const SNAPSHOT_NOUN: Noun = { one: 'snapshot', other: 'snapshots' };
/** Oldest first, the order LXD lists them in. */
export const SNAPSHOT_DEFAULT_SORT: SortState = { column: 'created', direction: 'ascending' };

const time = (value: string) => {
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
};

export const SNAPSHOT_COLUMNS: readonly ListColumn<LxdInstanceSnapshot>[] = [
  textColumn('name', 'Name', (snapshot) => snapshot.name, { alwaysShown: true, rowHeader: true }),
  {
    id: 'created',
    header: 'Created',
    width: 10.5,
    priority: 2,
    sortValue: (snapshot) => time(snapshot.created_at),
    cell: (snapshot) => formatDate(snapshot.created_at),
  },
  {
    id: 'expires',
    header: 'Expires',
    width: 10.5,
    priority: 2,
    // Snapshots that never expire come after those that do.
    sortValue: (snapshot) =>
      isNever(snapshot.expires_at) ? Number.MAX_SAFE_INTEGER : time(snapshot.expires_at),
    cell: (snapshot) => formatOrNever(snapshot.expires_at),
  },
  {
    id: 'stateful',
    header: 'Stateful',
    width: 7,
    priority: 2,
    sortValue: (snapshot) => (snapshot.stateful ? 1 : 0),
    cell: (snapshot) => (snapshot.stateful ? 'Yes' : 'No'),
  },
];

export const SNAPSHOT_SEARCH: ListSearch<LxdInstanceSnapshot> = {
  label: 'Search snapshots',
  placeholder: 'Search snapshots',
  compile: (term) => {
    const needle = term.trim().toLowerCase();
    return (snapshot) =>
      snapshot.name.toLowerCase().includes(needle) ||
      (snapshot.description ?? '').toLowerCase().includes(needle);
  },
};

export const snapshotKey = (snapshot: LxdInstanceSnapshot) => snapshot.name;
export const snapshotLabel = (snapshot: LxdInstanceSnapshot) => snapshot.name;
/** The rest of a row's accessible name: "before created 3 Mar 2025, 10:00". */
export const snapshotDescription = (snapshot: LxdInstanceSnapshot) =>
  `created ${formatDate(snapshot.created_at, 'Never')}${snapshot.stateful ? ', stateful' : ''}`;
