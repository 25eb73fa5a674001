import { useEffect, useId, useRef, useState } from 'react';
import {
  createVolumeBackup,
  deleteVolumeBackup,
  volumeBackupExportUrl,
  type VolumeLocation,
} from '../../../../lxd/endpoints/storage-volumes';
import { formatBytes } from '../../../../shared/format/bytes';
import { useNotify } from '../../../../shared/notifications';
import { Modal } from '../../../../shared/ui/Modal';
import {
  BACKUP_LIFETIME_MS,
  downloadText,
  downloadWithProgress,
  exportBackupName,
  exportFileName,
  saveBlob,
  type DownloadProgress,
} from '../backup';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

type Phase =
  { step: 'options' } | { step: 'creating' } | { step: 'downloading'; progress: DownloadProgress };

/**
 * Export: LXD writes a backup of the volume (an operation), the browser downloads it
 * (GET …/backups/{name}/export) as a file, then the backup is deleted on the server.
 */
export function ExportBackupModal({
  where,
  onClose,
}: {
  where: VolumeLocation;
  onClose: () => void;
}) {
  const id = useId();
  const notify = useNotify();
  const [withSnapshots, setWithSnapshots] = useState(true);
  const [optimized, setOptimized] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'options' });
  const [failure, setFailure] = useState<string>();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const busy = phase.step !== 'options';
  const close = useStableCallback(() => {
    abort.current?.abort();
    onClose();
  });

  const run = async () => {
    const backup = exportBackupName();
    const controller = new AbortController();
    abort.current = controller;
    setFailure(undefined);
    setPhase({ step: 'creating' });
    let created = false;
    try {
      await createVolumeBackup(where, {
        name: backup,
        expires_at: new Date(Date.now() + BACKUP_LIFETIME_MS).toISOString(),
        volume_only: !withSnapshots,
        optimized_storage: optimized,
      });
      created = true;
      if (controller.signal.aborted) return;
      const blob = await downloadWithProgress(
        volumeBackupExportUrl(where, backup),
        (progress) => setPhase({ step: 'downloading', progress }),
        controller.signal,
      );
      saveBlob(blob, exportFileName(where.name));
      notify.success(`Backup of ${where.name} exported`, `${formatBytes(blob.size)} downloaded.`);
      onClose();
    } catch (error) {
      if (!controller.signal.aborted) {
        setFailure(error instanceof Error ? error.message : String(error));
        setPhase({ step: 'options' });
      }
    } finally {
      abort.current = null;
      if (created) void deleteVolumeBackup(where, backup).catch(() => undefined);
    }
  };

  return (
    <Modal
      title={`Export a backup of ${where.name}`}
      onClose={close}
      footer={
        <>
          <button type="button" className="p-button--base" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="p-button--positive"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void run()}
          >
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </>
      }
    >
      <p>
        The backup is a tarball that Import backup (or <code>lxc storage volume import</code>) turns
        into a volume again.
      </p>
      <label className="p-checkbox" htmlFor={`${id}-snapshots`}>
        <input
          id={`${id}-snapshots`}
          type="checkbox"
          className="p-checkbox__input"
          checked={withSnapshots}
          disabled={busy}
          onChange={(event) => setWithSnapshots(event.target.checked)}
        />
        <span className="p-checkbox__label">Include snapshots</span>
      </label>
      <label className="p-checkbox" htmlFor={`${id}-optimized`}>
        <input
          id={`${id}-optimized`}
          type="checkbox"
          className="p-checkbox__input"
          checked={optimized}
          disabled={busy}
          onChange={(event) => setOptimized(event.target.checked)}
        />
        <span className="p-checkbox__label">
          Optimized storage format (faster, restorable only on the same storage driver)
        </span>
      </label>
      <div className="volume-progress">
        {phase.step === 'downloading' && (
          <progress
            aria-label="Download progress"
            max={phase.progress.total || undefined}
            value={phase.progress.total ? phase.progress.loaded : undefined}
          />
        )}
        <p role="status">
          {phase.step === 'creating' && 'Writing the backup on the server…'}
          {phase.step === 'downloading' && downloadText(phase.progress)}
        </p>
      </div>
      {failure && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{failure}</p>
          </div>
        </div>
      )}
    </Modal>
  );
}
