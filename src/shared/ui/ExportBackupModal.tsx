/**
 * Export a backup (instances and storage volumes): LXD writes a backup (an operation), the
 * browser downloads it (GET …/backups/{name}/export) as a file, then the backup is deleted on
 * the server. Closing the dialog cancels the download; the backup expires on its own after a
 * day if the page is closed before it is cleaned up.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { downloadWithProgress, progressPercent, type DownloadProgress } from '../../lxd/download';
import { formatBytes } from '../format/bytes';
import { useNotify } from '../notifications';
import { Modal } from './Modal';
import { saveBlob } from './save-file';
import { useStableCallback } from './useStableCallback';
import './export-backup.scss';

type Phase =
  { step: 'options' } | { step: 'creating' } | { step: 'downloading'; progress: DownloadProgress };

/** A server-side backup expires after a day if the page is closed before it is cleaned up. */
export const BACKUP_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The backup's name on the server: unique enough for one export at a time. */
export const exportBackupName = (now = Date.now()) => `console-export-${now.toString(36)}`;

/** `data.tar.gz` for `data` (the download's file name). */
export const exportFileName = (subject: string) => `${subject.replace(/[/\\]/g, '_')}.tar.gz`;

/** "Downloading… 45% (1.2 MiB of 2.6 MiB)" or, without a total, "Downloading… 1.2 MiB". */
export function downloadText(progress: DownloadProgress): string {
  const percent = progressPercent(progress);
  if (percent === undefined) return `Downloading… ${formatBytes(progress.loaded)}`;
  return `Downloading… ${percent}% (${formatBytes(progress.loaded)} of ${formatBytes(progress.total)})`;
}

/** What to ask LXD for: the backup's name, its expiry, and the two choices of the dialog. */
export interface BackupRequest {
  name: string;
  expiresAt: string;
  withSnapshots: boolean;
  optimized: boolean;
}

export function ExportBackupModal({
  subject,
  help,
  create,
  exportUrl,
  remove,
  onClose,
}: {
  /** The instance's or volume's name. */
  subject: string;
  /** What the file is good for. */
  help: ReactNode;
  create: (request: BackupRequest) => Promise<unknown>;
  exportUrl: (backup: string) => string;
  remove: (backup: string) => Promise<unknown>;
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
      await create({
        name: backup,
        expiresAt: new Date(Date.now() + BACKUP_LIFETIME_MS).toISOString(),
        withSnapshots,
        optimized,
      });
      created = true;
      if (controller.signal.aborted) return;
      const blob = await downloadWithProgress(
        exportUrl(backup),
        (progress) => setPhase({ step: 'downloading', progress }),
        controller.signal,
      );
      saveBlob(blob, exportFileName(subject));
      notify.success(`Backup of ${subject} exported`, `${formatBytes(blob.size)} downloaded.`);
      onClose();
    } catch (error) {
      if (!controller.signal.aborted) {
        setFailure(error instanceof Error ? error.message : String(error));
        setPhase({ step: 'options' });
      }
    } finally {
      abort.current = null;
      if (created) void remove(backup).catch(() => undefined);
    }
  };

  return (
    <Modal
      title={`Export a backup of ${subject}`}
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
      <p>{help}</p>
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
      <div className="export-progress">
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
