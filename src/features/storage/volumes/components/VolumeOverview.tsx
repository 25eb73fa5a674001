import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from '../../../../shared/routing/router';
import type { VolumeLocation } from '../../../../lxd/endpoints/storage-volumes';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { formatBytes } from '../../../../shared/format/bytes';
import { formatDate } from '../../../../shared/format/dates';
import { paths } from '../../../../shared/routing/paths';
import {
  SortedTable,
  textColumn,
  type ListColumn,
  type SortState,
} from '../../../../shared/ui/list';
import { volumeStateQuery } from '../queries';
import { volumeUsers, type VolumeUser } from '../rules';
import { sizeText } from './volumeListColumns';

interface ConfigRow {
  key: string;
  value: string;
}

const CONFIG_COLUMNS: readonly ListColumn<ConfigRow>[] = [
  {
    id: 'key',
    header: 'Key',
    width: 16,
    rowHeader: true,
    sortValue: (row) => row.key,
    cell: (row) => <code>{row.key}</code>,
  },
  textColumn('value', 'Value', (row) => row.value),
];
const BY_KEY: SortState = { column: 'key', direction: 'ascending' };
const configKey = (row: ConfigRow) => row.key;

const KIND_LABELS: Record<VolumeUser['kind'], string> = {
  instance: 'Instances',
  profile: 'Profiles',
  snapshot: 'Instance snapshots',
  image: 'Images',
  other: 'Other',
};

/** The usage LXD reports (used of total when the volume has a quota), or why there is none. */
function Usage({ where }: { where: VolumeLocation }) {
  const state = useQuery(volumeStateQuery(where));
  if (state.isPending) return <span className="u-text--muted">Loading…</span>;
  const usage = state.data?.usage;
  if (state.error || !usage) {
    return <span className="u-text--muted">Not reported by this pool&apos;s driver</span>;
  }
  return (
    <>
      {formatBytes(usage.used)}
      {usage.total ? ` of ${formatBytes(usage.total)}` : ''}
    </>
  );
}

function UsedBy({ users }: { users: readonly VolumeUser[] }) {
  if (users.length === 0) return <p className="u-text--muted">Nothing uses this volume.</p>;
  const kinds = (Object.keys(KIND_LABELS) as VolumeUser['kind'][]).filter((kind) =>
    users.some((user) => user.kind === kind),
  );
  return (
    <div className="volume-used-by">
      {kinds.map((kind) => (
        <section key={kind} aria-label={KIND_LABELS[kind]}>
          <h3 className="volume-used-by__kind">{KIND_LABELS[kind]}</h3>
          <ul className="p-list">
            {users
              .filter((user) => user.kind === kind)
              .map((user) => (
                <li key={`${user.project}/${user.name}`} className="p-list__item">
                  {user.to ? <Link to={user.to}>{user.name}</Link> : user.name}
                  <span className="u-text--muted"> (project {user.project})</span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** General facts, usage, the config keys and who uses the volume. */
export function VolumeOverview({
  where,
  volume,
  clustered,
}: {
  where: VolumeLocation;
  volume: LxdStorageVolume;
  clustered: boolean;
}) {
  const users = volumeUsers(volume, where.project);
  const config = useMemo(
    () => Object.entries(volume.config).map(([key, value]) => ({ key, value })),
    [volume.config],
  );
  return (
    <div className="volume-overview">
      <section aria-labelledby="volume-general">
        <h2 className="p-heading--5" id="volume-general">
          General
        </h2>
        <dl className="volume-facts">
          <dt>Name</dt>
          <dd>{volume.name}</dd>
          <dt>Description</dt>
          <dd>{volume.description || '-'}</dd>
          <dt>Pool</dt>
          <dd>
            <Link to={paths.storagePool(where.project, where.pool)}>{where.pool}</Link>
          </dd>
          <dt>Type</dt>
          <dd>{volume.type}</dd>
          <dt>Content type</dt>
          <dd>{volume.content_type}</dd>
          <dt>Size</dt>
          <dd>{sizeText(volume)}</dd>
          <dt>Usage</dt>
          <dd>
            <Usage where={where} />
          </dd>
          {clustered && (
            <>
              <dt>Location</dt>
              <dd>{volume.location && volume.location !== 'none' ? volume.location : '-'}</dd>
            </>
          )}
          <dt>Created</dt>
          <dd>{formatDate(volume.created_at) || '-'}</dd>
        </dl>
      </section>
      <section aria-labelledby="volume-used-by">
        <h2 className="p-heading--5" id="volume-used-by">
          Used by
        </h2>
        <UsedBy users={users} />
      </section>
      <section aria-labelledby="volume-config" className="volume-overview__wide">
        <h2 className="p-heading--5" id="volume-config">
          Configuration keys
        </h2>
        <SortedTable
          label="Configuration keys"
          rows={config}
          columns={CONFIG_COLUMNS}
          rowKey={configKey}
          initialSort={BY_KEY}
          empty="No configuration keys are set."
        />
      </section>
    </div>
  );
}
