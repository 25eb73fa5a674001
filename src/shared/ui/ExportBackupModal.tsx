/**
 * Export a backup (instances and storage volumes): LXD writes a backup (an operation), the
 * browser downloads it (GET …/backups/{name}/export) as a file, then the backup is deleted on
 * the server. Closing the dialog cancels the download; the backup expires on its own after a
 * day if the page is closed before it is cleaned up.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { downloadWithProgress, progressPercent, type DownloadProgress } from '../../lxd/download';
import { formatBytes } from '../format/bytes';
import { CheckboxInput, FormFailure, ResourceForm, useResourceForm } from '../forms';
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
  const formId = useId();
  const notify = useNotify();
  const [phase, setPhase] = useState<Phase>({ step: 'options' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const close = useStableCallback(() => {
    abort.current?.abort();
    onClose();
  });

  const kit = useResourceForm<{ withSnapshots: boolean; optimized: boolean }>({
    defaultValues: { withSnapshots: true, optimized: false },
    onSubmit: async ({ withSnapshots, optimized }) => {
      const backup = exportBackupName();
      const controller = new AbortController();
      abort.current = controller;
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
        // Closing the dialog aborts: nothing to say.
        if (!controller.signal.aborted) {
          setPhase({ step: 'options' });
          throw error;
        }
      } finally {
        abort.current = null;
        if (created) void remove(backup).catch(() => undefined);
      }
    },
  });
  const busy = kit.busy;

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
            type="submit"
            form={formId}
            className="p-button--positive"
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Exporting…' : 'Export'}
          </button>
        </>
      }
    >
      <ResourceForm kit={kit} id={formId}>
        <p>{help}</p>
        <CheckboxInput name="withSnapshots" label="Include snapshots" disabled={busy} />
        <CheckboxInput
          name="optimized"
          label="Optimized storage format (faster, restorable only on the same storage driver)"
          disabled={busy}
        />
      </ResourceForm>
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
      <FormFailure failure={kit.failure} what="backup" title="Could not export the backup" />
    </Modal>
  );
}
