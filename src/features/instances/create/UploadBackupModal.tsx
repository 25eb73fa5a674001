import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useId, useRef } from 'react';
import { useController } from 'react-hook-form';
import { useNavigate } from '../../../shared/routing/router';
import { clientCommand } from '../../../lxd/product';
import type { UploadXhr } from '../../../lxd/upload';
import {
  FieldShell,
  ResourceForm,
  SelectInput,
  TextInput,
  controlProps,
  useResourceForm,
} from '../../../shared/forms';
import { AuthContext } from '../../../shared/auth/context';
import { useProductName } from '../../../shared/auth/product';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { Modal } from '../../../shared/ui/Modal';
import { UploadFooter } from '../../../shared/ui/upload/UploadFooter';
import { UploadStatus } from '../../../shared/ui/upload/UploadStatus';
import { useStableCallback } from '../../../shared/ui/useStableCallback';
import { useBackupUpload } from './backupUpload';
import { instanceNameCheck, instanceNameProblems, useInstanceNameLookup } from './nameCheck';
import { formPoolsQuery } from './queries';

export const BACKUP_FILE_REQUIRED = 'Choose a backup file';

/** The backup file's help, naming the server's client (`lxc export`, `incus export`). */
const fileHelp = (client: 'lxc' | 'incus') => (
  <>
    A tarball made by an instance backup export or <code>{client} export</code>.
  </>
);

interface Values {
  file: File | null;
  name: string;
  /** '' keeps the pool recorded in the backup. */
  pool: string;
}

/** The file field's binding: its value is the chosen File (a file input keeps its own text). */
function useFileField() {
  const { field, fieldState } = useController<Values, 'file'>({ name: 'file' });
  return {
    ref: field.ref,
    onBlur: field.onBlur,
    choose: (file: File | null) => {
      field.onChange(file);
    },
    error: fieldState.error?.message,
  };
}

function BackupFileField() {
  const id = useId();
  const { ref, onBlur, choose, error } = useFileField();
  const help = fileHelp(clientCommand(useContext(AuthContext)?.server));
  return (
    <FieldShell id={id} label="Backup file" error={error} help={help} required>
      <input
        {...controlProps(id, error, help)}
        ref={ref}
        name="file"
        type="file"
        accept=".tar.gz,.tgz,.tar.xz,.tar,application/gzip,application/x-tar"
        className="p-form-validation__input"
        onChange={(event) => {
          choose(event.target.files?.[0] ?? null);
        }}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}

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
  const notify = useNotify();
  const product = useProductName();
  const navigate = useNavigate();
  const pools = useQuery(formPoolsQuery(project));
  const { state, start, cancel, reset } = useBackupUpload(createXhr);
  const open = useRef(true);
  const editable = state.phase !== 'uploading' && state.phase !== 'importing';
  const lookup = useInstanceNameLookup(project);
  const kit = useResourceForm<Values>({
    defaultValues: { file: null, name: '', pool: '' },
    validate: (values) => ({
      file: values.file ? undefined : BACKUP_FILE_REQUIRED,
      ...instanceNameProblems(values),
    }),
    nameCheck: instanceNameCheck<Values>(lookup),
    onSubmit: async ({ file, name, pool }) => {
      if (!editable || !file) return;
      const end = await start({ project, name, pool, file });
      if (end.phase === 'done') {
        const link = [{ label: end.name, to: paths.instance(project, end.name) }];
        notify.success(`Instance ${end.name} created`, `Restored from ${file.name}.`, link);
        if (open.current) void navigate(paths.instance(project, end.name));
      } else if (end.phase === 'failed' && !open.current) {
        notify.failure('The backup could not be restored', end.error);
      }
    },
  });

  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );

  // Closing while the file is still being sent cancels the upload; unpacking carries on.
  const close = useStableCallback(() => {
    cancel();
    onClose();
  });

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
      <ResourceForm kit={kit} id={formId}>
        <fieldset disabled={!editable} className="backup-upload__fields">
          <legend className="u-off-screen">Backup file, instance name and pool</legend>
          <BackupFileField />
          <TextInput name="name" label="Instance name" required />
          <SelectInput
            name="pool"
            label="Storage pool"
            empty="The backup's pool"
            options={(pools.data ?? []).map((candidate) => ({
              value: candidate,
              label: candidate,
            }))}
          />
        </fieldset>
      </ResourceForm>
      <UploadStatus
        state={state}
        importing={`${product} is creating the instance from the backup…`}
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
