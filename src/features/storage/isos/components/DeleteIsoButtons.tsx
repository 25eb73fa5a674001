import { useState } from 'react';
import type { LxdStorageVolume } from '../../../../lxd/types/storage';
import { useNotify } from '../../../../shared/notifications';
import { ConfirmButton } from '../../../../shared/ui/ConfirmButton';
import { useDeleteIso } from '../queries';
import { isoKey } from '../rules';

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

const isos = (count: number) => `${count} ${count === 1 ? 'ISO' : 'ISOs'}`;

/**
 * Deletes the selected ISOs in parallel and counts the outcomes ("2 ISOs deleted, 1 failed"),
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
  const notify = useNotify();
  const remove = useDeleteIso(project);
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
        const results = await Promise.allSettled(
          asked.map((volume) => remove(volume.pool ?? '', volume.name)),
        );
        const failed = results
          .map((result, index) => ({ result, volume: asked[index] }))
          .filter((entry) => entry.result.status === 'rejected');
        const deleted = `${isos(results.length - failed.length)} deleted`;
        if (failed.length > 0) {
          notify.failure(
            `${deleted}, ${failed.length} failed`,
            failed
              .map(({ result, volume }) => {
                const reason = result.status === 'rejected' ? (result.reason as unknown) : '';
                const message = reason instanceof Error ? reason.message : String(reason);
                return `${volume?.name ?? ''}: ${message}`;
              })
              .join('\n'),
          );
        } else {
          notify.success(deleted);
        }
        onDone();
      }}
    />
  );
}
