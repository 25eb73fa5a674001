import { useEffect, useId, useRef, useState } from 'react';
import {
  backupExportUrl,
  createBackup,
  deleteBackup,
} from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { formatBytes } from '../../../../shared/format/bytes';
import { useNotify } from '../../../../shared/notifications';
import { Modal } from '../../../../shared/ui/Modal';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';
import {
  downloadWithProgress,
  progressPercent,
  saveBlob,
  type DownloadProgress,
} from './backup-download';

type Phase =
  { step: 'options' } | { step: 'creating' } | { step: 'downloading'; progress: DownloadProgress };

/** A server-side backup expires after a day if the page is closed before it is cleaned up. */
const BACKUP_LIFETIME_MS = 24 * 60 * 60 * 1000;

function progressLine(progress: DownloadProgress): string {
  const percent = progressPercent(progress);
  const bytes = progress.total
    ? `${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`
    : formatBytes(progress.loaded);
  return percent === undefined ? `Downloading… ${bytes}` : `Downloading… ${percent}% (${bytes})`;
}

/** Export: LXD writes a backup (an operation), the browser downloads it, LXD deletes it. */
export function ExportBackupModal({
  instance,
  onClose,
}: {
  instance: LxdInstance;
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
    const { project, name } = instance;
    const backup = `ui-export-${Date.now().toString(36)}`;
    const controller = new AbortController();
    abort.current = controller;
    setFailure(undefined);
    setPhase({ step: 'creating' });
    let created = false;
    try {
      await createBackup(project, name, {
        name: backup,
        expires_at: new Date(Date.now() + BACKUP_LIFETIME_MS).toISOString(),
        instance_only: !withSnapshots,
        optimized_storage: optimized,
      });
      created = true;
      if (controller.signal.aborted) return;
      const { blob, fileName } = await downloadWithProgress(
        backupExportUrl(project, name, backup),
        (progress) => setPhase({ step: 'downloading', progress }),
        controller.signal,
      );
      saveBlob(blob, fileName ?? `${name}-backup.tar.gz`);
      notify.success(`Backup of ${name} exported`, `${formatBytes(blob.size)} downloaded.`);
      onClose();
    } catch (error) {
      if (!controller.signal.aborted) {
        setFailure(error instanceof Error ? error.message : String(error));
        setPhase({ step: 'options' });
      }
    } finally {
      if (created) void deleteBackup(project, name, backup).catch(() => undefined);
    }
  };

  return (
    <Modal
      title={`Export a backup of ${instance.name}`}
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
            onClick={() => void run()}
          >
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </>
      }
    >
      <p>
        The backup is a tarball that <code>lxc import</code> restores on any LXD server.
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
      <p role="status" className="export-progress">
        {phase.step === 'creating' && 'Writing the backup on the server…'}
        {phase.step === 'downloading' && progressLine(phase.progress)}
      </p>
      {phase.step === 'downloading' && (
        <progress
          className="export-progress__bar"
          aria-label="Download progress"
          max={phase.progress.total || undefined}
          value={phase.progress.total ? phase.progress.loaded : undefined}
        />
      )}
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
