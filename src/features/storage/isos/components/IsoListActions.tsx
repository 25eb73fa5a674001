import { useCallback, useState } from 'react';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { useNotify } from '../../../../shared/notifications';
import { useBulkAction } from '../../../../shared/bulk-queue';
import type { PageContext } from '../../../../shared/pages';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { STORAGE_KINDS, type IsoDeleteParams } from '../../executors';
import { useDeleteIso } from '../queries';
import { isoKey } from '../rules';
import { isoDeleteReason } from './isoColumns';
import { UploadIsoModal } from './UploadIsoModal';

/**
 * The Delete button of one ISO row: refused with the reason while the ISO is in use or the
 * identity may not delete it.
 */
export function DeleteIsoButton({
  volume,
  project,
  reason,
}: {
  volume: LxdStorageVolume;
  project: string;
  reason: string | undefined;
}) {
  const notify = useNotify();
  const remove = useDeleteIso(project);
  const pool = volume.pool ?? '';
  return (
    <ConfirmButton
      label={
        <>
          <i className="p-icon--delete" aria-hidden="true" />
          <span className="u-off-screen">Delete {volume.name}</span>
        </>
      }
      className="p-button--base is-dense has-icon iso-row-action"
      title="Delete ISO"
      confirmLabel="Delete"
      danger
      reason={reason}
      message={
        <p>
          This will permanently delete ISO <strong>{volume.name}</strong> from pool{' '}
          <strong>{pool}</strong>.
        </p>
      }
      onConfirm={async () => {
        await remove(pool, volume.name);
        notify.success('ISO deleted', `${volume.name} was deleted from pool ${pool}.`);
      }}
    />
  );
}

const ISO_NOUN = { one: 'ISO', other: 'ISOs' };
const isos = (count: number) => `${String(count)} ${count === 1 ? ISO_NOUN.one : ISO_NOUN.other}`;

/**
 * Deletes the selected ISOs through the bulk queue and counts the outcomes ("2 ISOs deleted, 1 failed"),
 * each failure with LXD's message. It deletes the ISOs it listed when the dialog opened.
 */
export function DeleteIsosButton({
  volumes,
  project,
  onDone,
}: {
  volumes: readonly LxdStorageVolume[];
  project: string;
  onDone: () => void;
}) {
  const deleteAll = useBulkAction<LxdStorageVolume>({
    noun: ISO_NOUN,
    title: 'Delete',
    verb: 'deleted',
    label: (volume) => volume.name,
    kind: STORAGE_KINDS.isoDelete,
    params: (volume): IsoDeleteParams => ({ project, pool: volume.pool ?? '', name: volume.name }),
    onSettled: onDone,
  });
  const [asked, setAsked] = useState<readonly LxdStorageVolume[]>(volumes);
  return (
    <ConfirmButton
      label={`Delete ${isos(volumes.length)}`}
      title={`Delete ${isos(asked.length)}`}
      confirmLabel="Delete"
      danger
      disabled={volumes.length === 0}
      onOpen={() => {
        setAsked(volumes);
      }}
      message={
        <>
          <p>These ISO volumes will be deleted. This cannot be undone.</p>
          <ul className="iso-delete-list">
            {asked.map((volume) => (
              <li key={isoKey(volume)}>
                {volume.name} <span className="u-text--muted">(pool {volume.pool})</span>
              </li>
            ))}
          </ul>
        </>
      }
      onConfirm={async () => {
        await deleteAll(asked);
      }}
    />
  );
}

/** The Actions column: each row's Delete, refused with the reason the row cannot be selected. */
export const isoRowActions = (context: PageContext) => (volume: LxdStorageVolume) => (
  <DeleteIsoButton
    volume={volume}
    project={context.project}
    reason={isoDeleteReason(context)(volume)}
  />
);

/** "Upload ISO": the upload dialog, when the identity may create volumes in the project. */
export function UploadIsoButton({ project }: { project: string }) {
  const [uploading, setUploading] = useState(false);
  const reason = usePermissions().inProject(project, 'createStorageVolumes');
  const close = useCallback(() => {
    setUploading(false);
  }, []);
  return (
    <>
      <GatedButton
        className="p-button--positive"
        reason={reason}
        onClick={() => {
          setUploading(true);
        }}
      >
        Upload ISO
      </GatedButton>
      {uploading && <UploadIsoModal project={project} onClose={close} />}
    </>
  );
}
