import { Link } from '../../../../shared/routing/router';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { formatBytes } from '../../../../shared/format/bytes';
import { formatDate } from '../../../../shared/format/dates';
import { paths } from '../../../../shared/routing/paths';
import type { ListColumn, SortState } from '../../../../shared/ui/list';
import { isoSizeBytes, volumeUsers, type VolumeUser } from '../rules';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';

export const ISO_LIST_ID = 'custom-isos';
export const ISO_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };

export function isoSizeText(volume: LxdStorageVolume): string {
  const bytes = isoSizeBytes(volume);
  if (bytes !== undefined) return formatBytes(bytes);
  return volume.config.size || '-';
}

function UserLink({ user }: { user: VolumeUser }) {
  if (user.kind === 'instance') {
    return <Link to={paths.instance(user.project, user.name)}>{user.name}</Link>;
  }
  if (user.kind === 'profile') {
    return <Link to={paths.profile(user.project, user.name)}>Profile {user.name}</Link>;
  }
  return <span>{user.name}</span>;
}

function UsedByCell({ volume, project }: { volume: LxdStorageVolume; project: string }) {
  const users = volumeUsers(volume, project);
  if (users.length === 0) return <span className="u-text--muted">Not in use</span>;
  return (
    <span className="iso-used-by" title={users.map((user) => user.name).join(', ')}>
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
