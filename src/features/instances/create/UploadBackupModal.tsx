import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useNavigate } from '../../../shared/routing/router';
import type { UploadXhr } from '../../../lxd/upload';
import { validateInstanceName } from '../../../shared/config-form';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { Modal } from '../../../shared/ui/Modal';
import { FieldMessage, TextField, fieldDescribedBy } from '../../../shared/ui/TextField';
import { UploadFooter } from '../../../shared/ui/upload/UploadFooter';
import { UploadStatus } from '../../../shared/ui/upload/UploadStatus';
import { useStableCallback } from '../../../shared/ui/useStableCallback';
import { useBackupUpload } from './backupUpload';
import { formPoolsQuery, newNameChecker } from './queries';

export const BACKUP_FILE_REQUIRED = 'Choose a backup file';

const FILE_HELP = (
  <>
    A tarball made by an instance backup export or <code>lxc export</code>.
  </>
);

/**
 * Create an instance from a backup tarball (Export backup, `lxc export`): the file, the new
 * instance's name and optionally a pool, then progress with Cancel while it is sent and LXD
 * unpacking it; when the instance exists, its page opens.
 */
export function UploadBackupModal({
  project,
  onClose,
  createXhr,
}: {
  project: string;
  onClose: () => void;
  createXhr?: () => UploadXhr;
}) {
  const formId = useId();
  const fileId = useId();
  const poolId = useId();
  const notify = useNotify();
  const navigate = useNavigate();
  const pools = useQuery(formPoolsQuery(project));
  const [checker] = useState(newNameChecker);
  const { state, start, cancel, reset } = useBackupUpload(createXhr);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const [pool, setPool] = useState('');
  const open = useRef(true);
  const editable = state.phase !== 'uploading' && state.phase !== 'importing';

  useEffect(
    () => () => {
      open.current = false;
      checker.cancel();
    },
    [checker],
  );

  // The name is checked as it is typed; a newer check aborts an older one.
  useEffect(() => {
    if (!nameTouched) return;
    let live = true;
    void validateInstanceName(checker, project, name).then((error) => {
      if (live) setNameError(error);
    });
    return () => {
      live = false;
    };
  }, [checker, project, name, nameTouched]);

  // Closing while the file is still being sent cancels the upload; unpacking carries on.
  const close = useStableCallback(() => {
    cancel();
    onClose();
  });

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!editable) return;
    setFileError(file ? undefined : BACKUP_FILE_REQUIRED);
    setNameTouched(true);
    const problem = await validateInstanceName(checker, project, name);
    setNameError(problem);
    if (!file || problem) return;
    const end = await start({ project, name, pool, file });
    if (end.phase === 'done') {
      const link = [{ label: end.name, to: paths.instance(project, end.name) }];
      notify.success(`Instance ${end.name} created`, `Restored from ${file.name}.`, link);
      if (open.current) void navigate(paths.instance(project, end.name));
    } else if (end.phase === 'failed' && !open.current) {
      notify.failure('The backup could not be restored', end.error);
    }
  };

  return (
    <Modal
      title="Upload instance backup"
      onClose={close}
      footer={
        <UploadFooter
          phase={state.phase}
          formId={formId}
          onCancelUpload={cancel}
          onClose={onClose}
          onAnother={reset}
        />
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset disabled={!editable} className="backup-upload__fields">
          <legend className="u-off-screen">Backup file, instance name and pool</legend>
          <div className={fileError ? 'p-form-validation is-error' : 'p-form-validation'}>
            <label htmlFor={fileId} className="is-required">
              Backup file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".tar.gz,.tgz,.tar.xz,.tar,application/gzip,application/x-tar"
              className="p-form-validation__input"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fieldDescribedBy(fileId, fileError, FILE_HELP)}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(undefined);
              }}
            />
            <FieldMessage id={fileId} error={fileError} help={FILE_HELP} />
          </div>
          <TextField
            label="Instance name"
            required
            value={name}
            error={nameError}
            onChange={(value) => {
              setName(value);
              setNameTouched(true);
            }}
          />
          <label htmlFor={poolId}>Storage pool</label>
          <select id={poolId} value={pool} onChange={(event) => setPool(event.target.value)}>
            <option value="">The backup&apos;s pool</option>
            {(pools.data ?? []).map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </fieldset>
      </form>
      <UploadStatus
        state={state}
        importing="LXD is creating the instance from the backup…"
        cancelled="The upload was cancelled. No instance was created."
      />
      {state.phase === 'failed' && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__title">The backup could not be restored</p>
            <p className="p-notification__message">{state.error}</p>
          </div>
        </div>
      )}
    </Modal>
  );
}
