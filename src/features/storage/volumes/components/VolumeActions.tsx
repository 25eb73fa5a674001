import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  copyStorageVolume,
  createVolumeBackup,
  deleteVolumeBackup,
  volumeBackupExportUrl,
  type VolumeLocation,
} from '../../../../lxd/endpoints/storage-volumes';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { paths } from '../../../../shared/routing/paths';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { storageKeys } from '../../keys';
import { newVolumeNameChecker, useDeleteVolume, useMoveVolume } from '../queries';
import { customOnlyBlocker, deleteVolumeBlocker, validateVolumeName } from '../rules';
import { CopyMoveModal } from './CopyMoveModal';
import { ExportBackupModal } from '../../../../shared/ui/ExportBackupModal';
import { NameDialog } from '../../../../shared/ui/NameDialog';

type Dialog = 'rename' | 'copy' | 'move' | 'export';

/** Where the volume went, for the page to follow it. */
export interface VolumePlace {
  project: string;
  pool: string;
  name: string;
}

/** The header's actions: rename, copy, move, export a backup, delete. */
export function VolumeActions({
  where,
  volume,
  onMoved,
  onDeleted,
}: {
  where: VolumeLocation;
  volume: LxdStorageVolume;
  onMoved: (place: VolumePlace) => void;
  onDeleted: () => void;
}) {
  const notify = useNotify();
  const client = useQueryClient();
  const move = useMoveVolume(where);
  const remove = useDeleteVolume();
  const [dialog, setDialog] = useState<Dialog>();
  const [checker] = useState(newVolumeNameChecker);
  const close = () => setDialog(undefined);

  const permissions = usePermissions();
  const customReason = customOnlyBlocker(volume);
  const renameReason = customReason ?? permissions.on('volume', 'rename', volume);
  const deleteReason =
    deleteVolumeBlocker(volume, where.project) ?? permissions.on('volume', 'delete', volume);

  const button = (kind: Dialog, label: string, reason: string | undefined) => (
    <GatedButton className="p-button" reason={reason} onClick={() => setDialog(kind)}>
      {label}
    </GatedButton>
  );

  return (
    <div className="page-header__actions">
      {button('rename', 'Rename', renameReason)}
      {button(
        'copy',
        'Copy',
        customReason ?? permissions.inProject(where.project, 'createStorageVolumes'),
      )}
      {button('move', 'Move', renameReason)}
      {button(
        'export',
        'Export backup',
        customReason ?? permissions.on('volume', 'manageBackups', volume),
      )}
      <ConfirmButton
        label="Delete"
        title="Delete volume"
        confirmLabel="Delete"
        danger
        reason={deleteReason}
        message={
          <p>
            This will permanently delete volume <strong>{volume.name}</strong> and its snapshots.
          </p>
        }
        onConfirm={async () => {
          await remove.mutateAsync(where);
          notify.success('Volume deleted', `Volume ${volume.name} was deleted.`);
          onDeleted();
        }}
      />
      {dialog === 'rename' && (
        <NameDialog
          title="Rename volume"
          label="New name"
          initial={volume.name}
          submitLabel="Rename"
          onClose={close}
          validate={(name) =>
            validateVolumeName(checker, where.project, where.pool, name, volume.name)
          }
          onSubmit={async (name) => {
            if (name === volume.name) return;
            await move.mutateAsync({ name });
            notify.success('Volume renamed', `Volume ${volume.name} is now ${name}.`);
            onMoved({ project: where.project, pool: where.pool, name });
          }}
        />
      )}
      {(dialog === 'copy' || dialog === 'move') && (
        <CopyMoveModal
          kind={dialog}
          source={where}
          onClose={close}
          onSubmit={async (target) => {
            if (dialog === 'copy') {
              await copyStorageVolume({
                source: where,
                targetPool: target.pool,
                targetProject: target.project,
                name: target.name,
                withSnapshots: target.withSnapshots,
              });
              void client.invalidateQueries({ queryKey: storageKeys.all });
              notify.success(
                'Volume copied',
                `Volume ${volume.name} was copied to ${target.name} in pool ${target.pool} (project ${target.project}).`,
                [
                  {
                    label: target.name,
                    to: paths.storageVolume(target.project, target.pool, 'custom', target.name),
                  },
                ],
              );
              return;
            }
            await move.mutateAsync({
              name: volume.name,
              ...(target.pool !== where.pool ? { pool: target.pool } : {}),
              ...(target.project !== where.project ? { project: target.project } : {}),
            });
            notify.success(
              'Volume moved',
              `Volume ${volume.name} is now in pool ${target.pool} (project ${target.project}).`,
            );
            onMoved({ project: target.project, pool: target.pool, name: volume.name });
          }}
        />
      )}
      {dialog === 'export' && (
        <ExportBackupModal
          subject={where.name}
          help={
            <>
              The backup is a tarball that Import backup (or <code>lxc storage volume import</code>)
              turns into a volume again.
            </>
          }
          create={({ name, expiresAt, withSnapshots, optimized }) =>
            createVolumeBackup(where, {
              name,
              expires_at: expiresAt,
              volume_only: !withSnapshots,
              optimized_storage: optimized,
            })
          }
          exportUrl={(backup) => volumeBackupExportUrl(where, backup)}
          remove={(backup) => deleteVolumeBackup(where, backup)}
          onClose={close}
        />
      )}
    </div>
  );
}
