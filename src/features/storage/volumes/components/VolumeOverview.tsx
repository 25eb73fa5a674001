import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../../shared/routing/router';
import type { VolumeLocation } from '../../../../lxd/endpoints/storage-volumes';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { formatBytes } from '../../../../shared/format/bytes';
import { formatDate } from '../../../../shared/format/dates';
import { paths } from '../../../../shared/routing/paths';
import { usedByRefs } from '../../../../lxd/used-by';
import { ConfigKeysTable } from '../../../../shared/ui/ConfigKeysTable';
import { UsedByList } from '../../../../shared/ui/UsedByList';
import { volumeStateQuery } from '../queries';
import { sizeText } from './volumeListColumns';

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
  return (
    <div className="volume-overview">
      <section aria-labelledby="volume-general">
        <h2 className="p-heading--5" id="volume-general">
          General
        </h2>
        <dl className="page-facts">
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
        <UsedByList
          refs={usedByRefs(volume.used_by, where.project)}
          project={where.project}
          empty="Nothing uses this volume."
        />
      </section>
      <section aria-labelledby="volume-config" className="volume-overview__wide">
        <h2 className="p-heading--5" id="volume-config">
          Configuration keys
        </h2>
        <ConfigKeysTable config={volume.config} />
      </section>
    </div>
  );
}
