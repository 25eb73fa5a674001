import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from '../../../../shared/routing/router';
import {
  createVolumeSnapshot,
  deleteVolumeSnapshot,
  renameVolumeSnapshot,
  restoreVolumeSnapshot,
  type VolumeLocation,
} from '../../../../lxd/endpoints/storage-volumes';
import type { LxdStorageVolume, LxdStorageVolumeSnapshot } from '../../../../lxd/types/storage';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { GatedButton } from '../../../../shared/ui/Gated';
import { ResourceList, useListView, useMediaQuery } from '../../../../shared/ui/list';
import { storageKeys } from '../../keys';
import { volumeSnapshotsQuery } from '../queries';
import { VOLUME_MESSAGES } from '../rules';
import { snapshotNameError } from '../../../../shared/validation';
import { CreateSnapshotModal } from '../../../../shared/ui/CreateSnapshotModal';
import { NameDialog } from '../../../../shared/ui/NameDialog';
import {
  SNAPSHOT_COLUMNS,
  SNAPSHOT_DEFAULT_SORT,
  SNAPSHOT_LIST_ID,
  SNAPSHOT_NOUN,
  SNAPSHOT_SEARCH,
  snapshotDescription,
  snapshotKey,
} from './snapshotColumns';

type Dialog = { kind: 'create' } | { kind: 'rename'; snapshot: string };

/** Width of the row buttons' column (rem): one line, or stacked on narrow screens. */
const ACTIONS_WIDTH = 19.5;
const NARROW_ACTIONS_WIDTH = 7.5;
const NARROW = '(max-width: 619.98px)';

/** Snapshots of a custom volume: create (expiry), restore, rename, delete, bulk delete. */
export function VolumeSnapshots({
  where,
  volume,
}: {
  where: VolumeLocation;
  volume: LxdStorageVolume;
}) {
  const snapshots = useQuery(volumeSnapshotsQuery(where));
  const narrow = useMediaQuery(NARROW);
  const client = useQueryClient();
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialog>();
  const custom = volume.type === 'custom';
  const permissions = usePermissions();
  // Volumes of instances take snapshots through their instance: no actions, the note says so.
  const reason = custom ? undefined : VOLUME_MESSAGES.notCustom;
  const manageReason = reason ?? permissions.on('volume', 'manageSnapshots', volume);
  const restoreReason = permissions.on('volume', 'restoreSnapshot', volume);
  const names = (snapshots.data ?? []).map((snapshot) => snapshot.name);
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: storageKeys.all }),
    [client],
  );
  const close = () => setDialog(undefined);

  const view = useListView<LxdStorageVolumeSnapshot>({
    id: SNAPSHOT_LIST_ID,
    rows: snapshots.data,
    columns: SNAPSHOT_COLUMNS,
    rowKey: snapshotKey,
    defaultSort: SNAPSHOT_DEFAULT_SORT,
    search: SNAPSHOT_SEARCH,
    selectDisabledReason: manageReason === undefined ? undefined : () => manageReason,
  });

  const rowActions = useCallback(
    (snapshot: LxdStorageVolumeSnapshot) =>
      reason !== undefined ? null : (
        <div className="volume-snapshot-actions">
          <ConfirmButton
            className="p-button is-dense"
            label={
              <>
                Restore<span className="u-off-screen"> {snapshot.name}</span>
              </>
            }
            title={`Restore ${snapshot.name}`}
            message={`Volume ${volume.name} will be put back to snapshot ${snapshot.name}. Changes since then are lost.`}
            confirmLabel="Restore"
            reason={restoreReason}
            onConfirm={async () => {
              await restoreVolumeSnapshot(where, snapshot.name);
              refresh();
              notify.success(
                `Snapshot ${snapshot.name} restored`,
                `${volume.name} is back at ${snapshot.name}.`,
              );
            }}
          />
          <GatedButton
            className="p-button is-dense"
            aria-label={`Rename ${snapshot.name}`}
            reason={manageReason}
            onClick={() => setDialog({ kind: 'rename', snapshot: snapshot.name })}
          >
            Rename
          </GatedButton>
          <ConfirmButton
            danger
            className="p-button--negative is-dense"
            label={
              <>
                Delete<span className="u-off-screen"> {snapshot.name}</span>
              </>
            }
            title={`Delete ${snapshot.name}`}
            message={`Snapshot ${snapshot.name} of ${volume.name} will be deleted. This cannot be undone.`}
            confirmLabel="Delete"
            reason={manageReason}
            onConfirm={async () => {
              await deleteVolumeSnapshot(where, snapshot.name);
              refresh();
              notify.success(`Snapshot ${snapshot.name} deleted`);
            }}
          />
        </div>
      ),
    [reason, manageReason, restoreReason, volume.name, where, refresh, notify],
  );

  const createButton = custom && (
    <GatedButton
      className="p-button--positive"
      reason={manageReason}
      onClick={() => setDialog({ kind: 'create' })}
    >
      Create snapshot
    </GatedButton>
  );

  const deleteMany = async (selected: LxdStorageVolumeSnapshot[], clear: () => void) => {
    const results = await Promise.allSettled(
      selected.map((snapshot) => deleteVolumeSnapshot(where, snapshot.name)),
    );
    refresh();
    clear();
    const failed = results.flatMap((result, index) =>
      result.status === 'rejected'
        ? [
            `${selected[index]?.name ?? ''}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`,
          ]
        : [],
    );
    const done = selected.length - failed.length;
    if (done > 0) notify.success(done === 1 ? 'Snapshot deleted' : `${done} snapshots deleted`);
    if (failed.length > 0) notify.failure('Some snapshots were not deleted', failed.join('\n'));
  };

  return (
    <div className="volume-snapshots">
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
      <ResourceList<LxdStorageVolumeSnapshot>
        view={view}
        label="Snapshots"
        noun={SNAPSHOT_NOUN}
        query={snapshots}
        empty={{
          title: 'No snapshots yet',
          body: <p>A snapshot keeps the volume as it is now, to restore it later.</p>,
          action: createButton,
        }}
        toolbar={createButton}
        rowActions={reason === undefined ? rowActions : undefined}
        actionsWidth={narrow ? NARROW_ACTIONS_WIDTH : ACTIONS_WIDTH}
        rowLabel={snapshotKey}
        rowDescription={snapshotDescription}
        rowHeight={null}
        bulkActions={
          manageReason === undefined
            ? (selected, clear) => (
                <ConfirmButton
                  label="Delete"
                  title={
                    selected.length === 1
                      ? 'Delete snapshot'
                      : `Delete ${selected.length} snapshots`
                  }
                  confirmLabel="Delete"
                  danger
                  className="p-button--negative is-dense"
                  message={
                    <p>
                      This will permanently delete{' '}
                      <strong>{selected.map((snapshot) => snapshot.name).join(', ')}</strong>.
                    </p>
                  }
                  onConfirm={() => deleteMany(selected, clear)}
                />
              )
            : undefined
        }
      />
      {dialog?.kind === 'create' && (
        <CreateSnapshotModal
          subject={where.name}
          kind="volume"
          existing={names}
          create={({ name, expiresAt }) =>
            createVolumeSnapshot(where, {
              ...(name ? { name } : {}),
              ...(expiresAt ? { expires_at: expiresAt } : {}),
            })
          }
          onClose={close}
          onDone={(name) => {
            refresh();
            notify.success(name ? `Snapshot ${name} created` : 'Snapshot created');
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={`Rename ${dialog.snapshot}`}
          label="New snapshot name"
          initial={dialog.snapshot}
          submitLabel="Rename"
          onClose={close}
          validate={(value) =>
            snapshotNameError(value, names, { required: true, current: dialog.snapshot })
          }
          onSubmit={async (value) => {
            if (value === dialog.snapshot) return;
            await renameVolumeSnapshot(where, dialog.snapshot, value);
            refresh();
            notify.success(`Snapshot ${dialog.snapshot} renamed to ${value}`);
          }}
        />
      )}
    </div>
  );
}
