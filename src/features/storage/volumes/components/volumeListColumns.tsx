/** The volume list's columns, filters, search and row naming. */
import { Link } from '../../../../shared/routing/router';
import { formatDate } from '../../../../shared/format/dates';
import type {
  ListColumn,
  ListFilter,
  ListSearch,
  Noun,
  SortState,
} from '../../../../shared/ui/list';
import {
  CONTENT_TYPES,
  deleteVolumeBlocker,
  matchVolume,
  parseSize,
  sizeToBytes,
  VOLUME_TYPES,
  volumeKey,
  volumePath,
  type VolumeRow,
} from '../rules';
import { timeOf } from '../snapshot-rules';
import type { PageContext } from '../../../../shared/pages';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';

/** The columns menu remembers its choice under `lxd-console.storage-volumes.hidden-columns`. */
export const VOLUME_LIST_ID = 'storage-volumes';
export const VOLUME_NOUN: Noun = { one: 'volume', other: 'volumes' };
export const VOLUME_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };

export const VOLUME_SEARCH: ListSearch<VolumeRow> = {
  label: 'Search volumes',
  placeholder: 'Search by name, description or pool',
  compile: matchVolume,
};

/** The size as LXD has it ('10GiB'), or '-' when the pool's default applies. */
export function sizeText(volume: Pick<VolumeRow, 'config'>): string {
  const size = volume.config.size;
  if (!size) return '-';
  const { amount, unit } = parseSize(size);
  return unit === 'B' ? `${amount} B` : size;
}

export function volumeFilters(pools: readonly string[]): ListFilter<VolumeRow>[] {
  return [
    {
      param: 'pool',
      label: 'Pool',
      options: pools.map((pool) => ({ value: pool, label: pool })),
      match: (volume, value) => volume.pool === value,
    },
    {
      param: 'type',
      label: 'Type',
      options: VOLUME_TYPES.map((type) => ({ value: type, label: type })),
      match: (volume, value) => volume.type === value,
    },
    {
      param: 'content',
      label: 'Content',
      options: CONTENT_TYPES.map((type) => ({ value: type, label: type })),
      match: (volume, value) => volume.content_type === value,
    },
  ];
}

const usedBy = (volume: VolumeRow) => (volume.used_by ?? []).length;

export function volumeColumns(project: string, clustered: boolean): ListColumn<VolumeRow>[] {
  const columns: ListColumn<VolumeRow>[] = [
    {
      id: 'name',
      header: 'Name',
      alwaysShown: true,
      rowHeader: true,
      sortValue: (volume) => volume.name,
      cell: (volume) => (
        <ResourceName type={volume.content_type === 'iso' ? 'iso-volume' : 'volume'}>
          <Link to={volumePath(project, volume, clustered)} title={volume.name}>
            {volume.name}
          </Link>
        </ResourceName>
      ),
    },
    {
      id: 'pool',
      header: 'Pool',
      width: 9,
      priority: 2,
      sortValue: (volume) => volume.pool,
      cell: (volume) => <span title={volume.pool}>{volume.pool}</span>,
    },
    {
      id: 'type',
      header: 'Type',
      width: 9,
      sortValue: (volume) => volume.type,
      cell: (volume) => volume.type,
    },
    {
      id: 'content',
      header: 'Content type',
      width: 8,
      priority: 2,
      sortValue: (volume) => volume.content_type,
      cell: (volume) => volume.content_type,
    },
    {
      id: 'size',
      header: 'Size',
      width: 6.5,
      align: 'right',
      sortValue: (volume) => sizeToBytes(volume.config.size) ?? -1,
      cell: sizeText,
    },
    {
      id: 'used-by',
      header: 'Used by',
      width: 6,
      align: 'right',
      priority: 2,
      sortValue: usedBy,
      cell: (volume) => String(usedBy(volume)),
    },
    {
      id: 'snapshots',
      header: 'Snapshots',
      width: 7,
      align: 'right',
      priority: 2,
      sortValue: (volume) => volume.snapshots,
      cell: (volume) => String(volume.snapshots),
    },
  ];
  if (clustered) {
    columns.push({
      id: 'location',
      header: 'Location',
      width: 8,
      priority: 2,
      sortValue: (volume) => volume.location ?? '',
      cell: (volume) => (volume.location && volume.location !== 'none' ? volume.location : '-'),
    });
  }
  columns.push({
    id: 'created',
    header: 'Created',
    width: 10.5,
    priority: 2,
    sortValue: (volume) => timeOf(volume.created_at),
    // LXD 5.0 answers the zero date: it does not record when a volume was made.
    cell: (volume) => formatDate(volume.created_at) || '-',
  });
  return columns;
}

/** The rest of a row's accessible name: "custom volume in pool default". */
export const volumeDescription = (volume: VolumeRow) =>
  `${volume.type} volume in pool ${volume.pool}`;
export const volumeLabel = (volume: VolumeRow) => volume.name;

/** What the volume list declares about its rows: columns menu id, noun, keys, sort, search. */
export const VOLUME_LIST = {
  id: VOLUME_LIST_ID,
  noun: VOLUME_NOUN,
  rowKey: volumeKey,
  rowLabel: volumeLabel,
  table: { rowDescription: volumeDescription },
  defaultSort: VOLUME_LIST_SORT,
  search: VOLUME_SEARCH,
} as const;

/** Why a row cannot be selected for deletion: in use, not custom, or no permission. */
export const volumeSelectReason =
  ({ project, permissions }: PageContext) =>
  (volume: VolumeRow) =>
    deleteVolumeBlocker(volume, project) ?? permissions.on('volume', 'delete', volume);
