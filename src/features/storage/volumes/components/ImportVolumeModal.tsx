import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { UploadProgressBar } from '../../../../shared/ui/upload/UploadProgressBar';
import { uploadProgress, type UploadProgress } from '../../../../lxd/endpoints/images';
import { uploadVolumeFile } from '../../../../lxd/endpoints/storage-volumes';
import { waitForOperation } from '../../../../lxd/operations';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import { useNotify } from '../../../../shared/notifications';
import { Modal } from '../../../../shared/ui/Modal';
import { storageKeys } from '../../keys';
import { volumeNameFromBackupFile } from '../backup';
import { newVolumeNameChecker, volumePoolsQuery } from '../queries';
import { validateVolumeName, volumePath } from '../rules';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

type Phase =
  { step: 'form' } | { step: 'uploading'; progress: UploadProgress } | { step: 'importing' };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Import a volume backup: the file is uploaded as the body of POST
 * /1.0/storage-pools/{pool}/volumes/custom (application/octet-stream, `X-LXD-name`) with a
 * progress bar and Cancel; then LXD unpacks it (an operation).
 */
export function ImportVolumeModal({ project, onClose }: { project: string; onClose: () => void }) {
  const id = useId();
  const notify = useNotify();
  const client = useQueryClient();
  const pools = useQuery(volumePoolsQuery(project));
  const [checker] = useState(newVolumeNameChecker);
  const [file, setFile] = useState<File>();
  const [pool, setPool] = useState('');
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const abort = useRef<AbortController | null>(null);
  const busy = phase.step !== 'form';
  const chosenPool =
    pool || pools.data?.find((p) => p.name === 'default')?.name || pools.data?.[0]?.name || '';

  // Leaving aborts an upload still being sent; LXD keeps nothing of it.
  useEffect(
    () => () => {
      abort.current?.abort();
      checker.cancel();
    },
    [checker],
  );

  // The name is checked as it is typed, in the chosen pool; a newer check aborts an older one.
  useEffect(() => {
    if (!nameTouched) return;
    let live = true;
    void validateVolumeName(checker, project, chosenPool, name.trim()).then((error) => {
      if (live) setNameError(error);
    });
    return () => {
      live = false;
    };
  }, [checker, project, chosenPool, name, nameTouched]);

  const close = useStableCallback(() => {
    if (phase.step === 'importing') return;
    abort.current?.abort();
    onClose();
  });

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setFileError('Choose a backup file');
      return;
    }
    setNameTouched(true);
    const problem = await validateVolumeName(checker, project, chosenPool, name.trim());
    setNameError(problem);
    if (problem) return;
    const controller = new AbortController();
    abort.current = controller;
    setFailure(undefined);
    setPhase({ step: 'uploading', progress: uploadProgress(0, file.size) });
    const volume = name.trim();
    try {
      const operation = await uploadVolumeFile({
        project,
        pool: chosenPool,
        name: volume,
        file,
        signal: controller.signal,
        onProgress: (progress) => setPhase({ step: 'uploading', progress }),
      });
      abort.current = null;
      setPhase({ step: 'importing' });
      await waitForOperation(operation, { project });
      void client.invalidateQueries({ queryKey: storageKeys.all });
      notify.success('Volume imported', `Backup ${file.name} is now volume ${volume}.`, [
        {
          label: volume,
          to: volumePath(project, { name: volume, type: 'custom', pool: chosenPool }, false),
        },
      ]);
      onClose();
    } catch (error) {
      abort.current = null;
      setPhase({ step: 'form' });
      if (isAbort(error)) {
        setFailure('The upload was cancelled: no volume was created.');
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    }
  };

  return (
    <Modal
      title="Import a volume backup"
      onClose={close}
      footer={
        <>
          <button
            type="button"
            className="p-button--base"
            onClick={phase.step === 'uploading' ? () => abort.current?.abort() : close}
            disabled={phase.step === 'importing'}
          >
            {phase.step === 'uploading' ? 'Cancel upload' : 'Cancel'}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="p-button--positive"
            disabled={busy}
            aria-busy={busy}
          >
            {phase.step === 'uploading'
              ? 'Uploading…'
              : phase.step === 'importing'
                ? 'Importing…'
                : 'Import'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={(event) => void submit(event)}>
        <div className={`p-form__group p-form-validation${fileError ? ' is-error' : ''}`}>
          <label htmlFor={`${id}-file`} className="is-required">
            Backup file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            disabled={busy}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${id}-file-error` : `${id}-file-help`}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              setFile(chosen);
              setFileError(undefined);
              if (chosen && !nameTouched) {
                setName(volumeNameFromBackupFile(chosen.name));
                setNameTouched(true);
              }
            }}
          />
          {fileError ? (
            <p className="p-form-validation__message" id={`${id}-file-error`} role="alert">
              {fileError}
            </p>
          ) : (
            <p className="p-form-help-text" id={`${id}-file-help`}>
              A tarball made by Export backup or <code>lxc storage volume export</code>.
            </p>
          )}
        </div>
        <div className="p-form__group">
          <label htmlFor={`${id}-pool`}>Pool</label>
          <select
            id={`${id}-pool`}
            value={chosenPool}
            disabled={busy}
            onChange={(event) => setPool(event.target.value)}
          >
            {(pools.data ?? []).map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name} ({storageDriverLabel(candidate.driver)})
              </option>
            ))}
          </select>
        </div>
        <div className={`p-form__group p-form-validation${nameError ? ' is-error' : ''}`}>
          <label htmlFor={`${id}-name`} className="is-required">
            Volume name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            className="p-form-validation__input"
            autoComplete="off"
            spellCheck={false}
            value={name}
            disabled={busy}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameTouched(true);
            }}
          />
          {nameError && (
            <p className="p-form-validation__message" id={`${id}-name-error`} role="alert">
              {nameError}
            </p>
          )}
        </div>
      </form>
      {phase.step === 'uploading' && (
        <div role="status">
          <UploadProgressBar progress={phase.progress} />
        </div>
      )}
      {phase.step === 'importing' && (
        <p role="status" className="volume-progress">
          Uploaded. LXD is creating the volume from the backup…
        </p>
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
