import { Link } from '../../../../shared/routing/router';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { formatBytes } from '../../../../shared/format/bytes';
import { formatDate } from '../../../../shared/format/dates';
import { paths } from '../../../../shared/routing/paths';
import type { PageContext } from '../../../../shared/pages';
import type { ListColumn, ListSearch, SortState } from '../../../../shared/ui/list';
import { usedByRefs, type UsedByRef } from '../../../../lxd/used-by';
import {
  deleteIsoBlocker,
  isoKey,
  isoSizeBytes,
  isoUserKind,
  isoUserName,
  matchIso,
} from '../rules';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';

export const ISO_LIST_ID = 'custom-isos';
export const ISO_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };
export const ISO_SEARCH: ListSearch<LxdStorageVolume> = {
  label: 'Search custom ISOs',
  placeholder: 'Search by name or pool',
  compile: matchIso,
};

/** What the ISO list declares about its rows: columns menu id, noun, keys, sort, search. */
export const ISO_LIST = {
  id: ISO_LIST_ID,
  noun: { one: 'custom ISO', other: 'custom ISOs' },
  rowKey: isoKey,
  rowLabel: (volume: LxdStorageVolume) => volume.name,
  defaultSort: ISO_LIST_SORT,
  search: ISO_SEARCH,
};

/** Why an ISO cannot be deleted (or selected for it): in use, or no permission. */
export const isoDeleteReason =
  ({ project, permissions }: PageContext) =>
  (volume: LxdStorageVolume) =>
    deleteIsoBlocker(volume, project) ?? permissions.on('ISO', 'delete', volume);

export function isoSizeText(volume: LxdStorageVolume): string {
  const bytes = isoSizeBytes(volume);
  if (bytes !== undefined) return formatBytes(bytes);
  return volume.config.size || '-';
}

function UserLink({ user }: { user: UsedByRef }) {
  const kind = isoUserKind(user);
  if (kind === 'instance') {
    return <Link to={paths.instance(user.project, user.name)}>{user.name}</Link>;
  }
  if (kind === 'profile') {
    return <Link to={paths.profile(user.project, user.name)}>Profile {user.name}</Link>;
  }
  return <span>{isoUserName(user)}</span>;
}

function UsedByCell({ volume, project }: { volume: LxdStorageVolume; project: string }) {
  const users = usedByRefs(volume.used_by, project);
  if (users.length === 0) return <span className="u-text--muted">Not in use</span>;
  return (
    <span className="iso-used-by" title={users.map(isoUserName).join(', ')}>
      {users.map((user, index) => (
        <span key={user.url}>
          {index > 0 && ', '}
          <UserLink user={user} />
        </span>
      ))}
    </span>
  );
}

/** Name, pool, size, used by (linked) and created. */
export function isoColumns(project: string): ListColumn<LxdStorageVolume>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      alwaysShown: true,
      rowHeader: true,
      sortValue: (volume) => volume.name,
      cell: (volume) => (
        <ResourceName type="iso-volume">
          <span title={volume.name}>{volume.name}</span>
        </ResourceName>
      ),
    },
    {
      id: 'pool',
      header: 'Pool',
      width: 10,
      priority: 2,
      sortValue: (volume) => volume.pool ?? '',
      cell: (volume) =>
        volume.pool ? <Link to={paths.storagePool(project, volume.pool)}>{volume.pool}</Link> : '-',
    },
    {
      id: 'size',
      header: 'Size',
      width: 7,
      align: 'right',
      sortValue: (volume) => isoSizeBytes(volume) ?? -1,
      cell: isoSizeText,
    },
    {
      id: 'used-by',
      header: 'Used by',
      width: 14,
      priority: 2,
      sortValue: (volume) => volume.used_by?.length ?? 0,
      cell: (volume) => <UsedByCell volume={volume} project={project} />,
    },
    {
      id: 'created',
      header: 'Created',
      width: 13,
      priority: 2,
      sortValue: (volume) => volume.created_at ?? '',
      cell: (volume) => formatDate(volume.created_at),
    },
  ];
}
