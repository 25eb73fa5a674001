import { useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import {
  copyStorageVolume,
  createVolumeBackup,
  deleteVolumeBackup,
  volumeBackupExportUrl,
  type VolumeLocation,
} from '../../../../lxd/endpoints/storage-volumes';
import { copyVolumeToRemote } from '../../../../lxd/endpoints/volume-migration';
import { clientCommand } from '../../../../lxd/product';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { AuthContext } from '../../../../shared/auth/context';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { paths } from '../../../../shared/routing/paths';
import { Link, useNavigate } from '../../../../shared/routing/router';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { storageKeys } from '../../keys';
import { useDeleteVolume, useMoveVolume, volumeNameTaken } from '../queries';
import { STORAGE_VOLUME_NAME_EXISTS } from '../../../../shared/validation/names';
import { customOnlyBlocker, deleteVolumeBlocker, VOLUME_MESSAGES, volumeNameError } from '../rules';
import { CopyMoveModal } from './CopyMoveModal';
import { ExportBackupModal } from '../../../../shared/ui/ExportBackupModal';
import { NameDialog } from '../../../../shared/forms';

type Dialog = 'rename' | 'copy' | 'move' | 'export';

/** Where the volume went, for the page to follow it. */
interface VolumePlace {
  project: string;
  pool: string;
  name: string;
}

/**
 * The header's actions. A custom volume: rename, copy, move, export a backup, delete, each
 * disabled with its reason; the page follows a renamed or moved volume (on its tab) and goes back
 * to the list after a deletion. The volume of an instance or image: a link to it.
 */
export function VolumeActions({
  where,
  volume,
  activeTab,
}: {
  where: VolumeLocation;
  volume: LxdStorageVolume;
  activeTab: string | undefined;
}) {
  if (volume.type !== 'custom') {
    const image = volume.type === 'image';
    return (
      <Link
        className="p-button"
        to={image ? paths.images(where.project) : paths.instance(where.project, where.name)}
      >
        {image ? 'Open images' : `Open instance ${where.name}`}
      </Link>
    );
  }
  return <CustomVolumeActions where={where} volume={volume} activeTab={activeTab} />;
}

function CustomVolumeActions({
  where,
  volume,
  activeTab,
}: {
  where: VolumeLocation;
  volume: LxdStorageVolume;
  activeTab: string | undefined;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  // The server's command-line client (`lxc` or `incus`), for the command the export help names.
  const cli = clientCommand(useContext(AuthContext)?.server);
  const move = useMoveVolume(where);
  const remove = useDeleteVolume();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const onMoved = (place: VolumePlace) =>
    void navigate(
      paths.storageVolume(place.project, place.pool, 'custom', place.name, {
        ...(where.member && place.pool === where.pool ? { member: where.member } : {}),
        ...(activeTab ? { tab: activeTab } : {}),
      }),
    );

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
    <>
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
          void navigate(paths.storageVolumes(where.project));
        }}
      />
      {dialog === 'rename' && (
        <NameDialog
          title="Rename volume"
          label="New name"
          initial={volume.name}
          submitLabel="Rename"
          onClose={close}
          validate={volumeNameError}
          nameCheck={{
            lookup: (name, signal) =>
              name === volume.name
                ? Promise.resolve(false)
                : volumeNameTaken(where.project, where.pool, name, signal),
            message: STORAGE_VOLUME_NAME_EXISTS,
          }}
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
          remoteBlocker={
            dialog === 'move' && (volume.used_by ?? []).length > 0
              ? VOLUME_MESSAGES.moveInUseToRemote
              : undefined
          }
          onClose={close}
          onSubmit={async (target) => {
            if (target.elsewhere) {
              const to = target.elsewhere;
              await copyVolumeToRemote(
                {
                  source: where,
                  volume,
                  targetPool: to.pool,
                  targetProject: to.project,
                  targetMember: to.member,
                  name: target.name,
                  withSnapshots: dialog === 'move' || target.withSnapshots,
                  mode: to.mode,
                },
                to.remote,
              );
              if (dialog === 'move') await remove.mutateAsync(where);
              void client.invalidateQueries({ queryKey: storageKeys.all });
              notify.success(
                dialog === 'move' ? 'Volume moved' : 'Volume copied',
                `Volume ${volume.name} is now on ${to.remote} as ${target.name} in pool ${to.pool} (project ${to.project}).`,
              );
              if (dialog === 'move') void navigate(paths.storageVolumes(where.project));
              return;
            }
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
              The backup is a tarball that Import backup (or{' '}
              <code>{cli} storage volume import</code>) turns into a volume again.
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
    </>
  );
}
