/** The volume snapshot list's columns, search and row naming. */
import type { LxdStorageVolumeSnapshot } from '../../../../lxd/types/storage';
import { formatDate } from '../../../../shared/format/dates';
import {
  textColumn,
  type ListColumn,
  type ListSearch,
  type Noun,
  type SortState,
} from '../../../../shared/ui/list';
import { neverExpires, timeOf } from '../snapshot-rules';

/** The columns menu remembers its choice under `lxd-console.volume-snapshots.hidden-columns`. */
export const SNAPSHOT_LIST_ID = 'volume-snapshots';
export const SNAPSHOT_NOUN: Noun = { one: 'snapshot', other: 'snapshots' };
/** Oldest first, the order LXD lists them in. */
export const SNAPSHOT_DEFAULT_SORT: SortState = { column: 'created', direction: 'ascending' };

export const SNAPSHOT_COLUMNS: readonly ListColumn<LxdStorageVolumeSnapshot>[] = [
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
    // Snapshots that never expire come after those that do.
    sortValue: (snapshot) =>
      neverExpires(snapshot) ? Number.MAX_SAFE_INTEGER : timeOf(snapshot.expires_at),
    cell: (snapshot) => formatDate(snapshot.expires_at, 'Never'),
  },
  textColumn('description', 'Description', (snapshot) => snapshot.description, {
    priority: 2,
    hiddenByDefault: true,
  }),
];

export const SNAPSHOT_SEARCH: ListSearch<LxdStorageVolumeSnapshot> = {
  label: 'Search snapshots',
  placeholder: 'Search snapshots',
  compile: (term) => {
    const needle = term.trim().toLowerCase();
    return (snapshot) =>
      snapshot.name.toLowerCase().includes(needle) ||
      snapshot.description.toLowerCase().includes(needle);
  },
};

export const snapshotKey = (snapshot: LxdStorageVolumeSnapshot) => snapshot.name;
/** The rest of a row's accessible name: "created 3 Mar 2025, 10:00". */
export const snapshotDescription = (snapshot: LxdStorageVolumeSnapshot) =>
  `created ${formatDate(snapshot.created_at, 'Never')}`;
