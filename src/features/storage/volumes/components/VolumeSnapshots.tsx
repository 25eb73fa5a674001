import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link } from '../../../../shared/routing/router';
import {
  createVolumeSnapshot,
  deleteVolumeSnapshot,
  renameVolumeSnapshot,
  restoreVolumeSnapshot,
  type VolumeLocation,
} from '../../../../lxd/endpoints/storage-volumes';
import type { LxdStorageVolume, LxdStorageVolumeSnapshot } from '../../../../lxd/types/storage';
import { paths } from '../../../../shared/routing/paths';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { SnapshotsTable, type SnapshotCalls } from '../../../../shared/ui/snapshots';
import { STORAGE_KINDS, type VolumeSnapshotDeleteParams } from '../../executors';
import { storageKeys } from '../../keys';
import { volumeSnapshotsQuery } from '../queries';
import { VOLUME_MESSAGES } from '../rules';

/** Width of the row buttons' column (rem): one line, or stacked on narrow screens. */
const ACTIONS_WIDTH = { wide: 19.5, narrow: 7.5 };

/** Snapshots of a custom volume: create (expiry), restore, rename, delete, bulk delete. */
export function VolumeSnapshots({
  where,
  volume,
}: {
  where: VolumeLocation;
  volume: LxdStorageVolume;
}) {
  const snapshots = useQuery(volumeSnapshotsQuery(where));
  const client = useQueryClient();
  const custom = volume.type === 'custom';
  const permissions = usePermissions();
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: storageKeys.all }),
    [client],
  );
  const calls = useMemo<SnapshotCalls<LxdStorageVolumeSnapshot>>(
    () => ({
      create: ({ name, expiresAt }) =>
        createVolumeSnapshot(where, {
          ...(name ? { name } : {}),
          ...(expiresAt ? { expires_at: expiresAt } : {}),
        }),
      restore: (snapshot) => restoreVolumeSnapshot(where, snapshot.name),
      rename: (from, to) => renameVolumeSnapshot(where, from, to),
      remove: (snapshot) => deleteVolumeSnapshot(where, snapshot.name),
      removeMany: {
        kind: STORAGE_KINDS.snapshotDelete,
        params: (snapshot): VolumeSnapshotDeleteParams => ({
          volume: where,
          snapshot: snapshot.name,
        }),
      },
    }),
    [where],
  );

  return (
    <>
      {!custom && (
        <p className="volume-note" role="note">
          {volume.type === 'container' || volume.type === 'virtual-machine' ? (
            <>
              These are the snapshots of instance{' '}
              <Link to={paths.instance(where.project, volume.name, 'snapshots')}>
                {volume.name}
              </Link>
              ; take and restore them from the instance.
            </>
          ) : (
            VOLUME_MESSAGES.notCustom
          )}
        </p>
      )}
      <SnapshotsTable<LxdStorageVolumeSnapshot>
        kind="volume"
        subject={volume.name}
        listId="volume-snapshots"
        query={snapshots}
        calls={calls}
        refresh={refresh}
        descriptions
        // Volumes of instances take snapshots through their instance: no actions, the note says so.
        readOnly={custom ? undefined : VOLUME_MESSAGES.notCustom}
        reasons={{
          manage: permissions.on('volume', 'manageSnapshots', volume),
          restore: permissions.on('volume', 'restoreSnapshot', volume),
        }}
        actionsWidth={ACTIONS_WIDTH}
      />
    </>
  );
}
