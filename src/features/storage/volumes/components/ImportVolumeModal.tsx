import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useId } from 'react';
import { uploadVolumeFile } from '../../../../lxd/endpoints/storage-volumes';
import { waitForOperation } from '../../../../lxd/operations';
import { clientCommand } from '../../../../lxd/product';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import {
  FileInput,
  FormFailure,
  ResourceForm,
  SelectInput,
  TextInput,
  useResourceForm,
} from '../../../../shared/forms';
import { AuthContext } from '../../../../shared/auth/context';
import { useProductName } from '../../../../shared/auth/product';
import { useNotify } from '../../../../shared/notifications';
import { Modal } from '../../../../shared/ui/Modal';
import { UploadStatus } from '../../../../shared/ui/upload/UploadStatus';
import { useUploadFlow, type UploadFlowIo } from '../../../../shared/ui/upload/useUploadFlow';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';
import { STORAGE_VOLUME_NAME_EXISTS } from '../../../../shared/validation';
import { storageKeys } from '../../keys';
import { volumeNameFromBackupFile } from '../backup';
import { volumeNameTaken, volumePoolsQuery } from '../queries';
import { VOLUME_MESSAGES, volumeNameError, volumePath } from '../rules';

interface ImportValues {
  file: File | null;
  /** '' until the pools are in: then the pool named default, or the first. */
  pool: string;
  name: string;
}

interface ImportRequest {
  project: string;
  pool: string;
  name: string;
  file: File;
}

/** Sends the file, then waits for LXD to make the volume from it. */
async function importBackup(request: ImportRequest, io: UploadFlowIo) {
  const operation = await uploadVolumeFile({ ...request, ...io });
  io.sent();
  await waitForOperation(operation, { project: request.project });
  return { name: request.name };
}

/**
 * Import a volume backup: the file is uploaded as the body of POST
 * /1.0/storage-pools/{pool}/volumes/custom (application/octet-stream, `X-LXD-name`) with a
 * progress bar and Cancel; then LXD unpacks it (an operation).
 */
export function ImportVolumeModal({ project, onClose }: { project: string; onClose: () => void }) {
  const formId = useId();
  const notify = useNotify();
  const product = useProductName();
  // The server's command-line client (`lxc` or `incus`), for the command the file help names.
  const cli = clientCommand(useContext(AuthContext)?.server);
  const client = useQueryClient();
  const pools = useQuery(volumePoolsQuery(project));
  const upload = useUploadFlow(importBackup, { size: (request) => request.file.size });
  const fallbackPool =
    pools.data?.find((pool) => pool.name === 'default')?.name ?? pools.data?.[0]?.name ?? '';
  const poolOf = (values: ImportValues) => values.pool || fallbackPool;

  const kit = useResourceForm<ImportValues>({
    defaultValues: { file: null, pool: '', name: '' },
    validate: (values) => ({
      file: values.file ? undefined : VOLUME_MESSAGES.backupRequired,
      name: volumeNameError(values.name.trim()),
    }),
    nameCheck: {
      field: 'name',
      lookup: (name, signal, pool) =>
        pool ? volumeNameTaken(project, pool, name, signal) : Promise.resolve(false),
      scope: poolOf,
      message: STORAGE_VOLUME_NAME_EXISTS,
    },
    onSubmit: async (values) => {
      const name = values.name.trim();
      const pool = poolOf(values);
      if (!values.file) return;
      const end = await upload.start({ project, pool, name, file: values.file });
      if (end.phase === 'failed') throw new Error(end.error);
      if (end.phase !== 'done') return;
      void client.invalidateQueries({ queryKey: storageKeys.all });
      notify.success('Volume imported', `Backup ${values.file.name} is now volume ${name}.`, [
        { label: name, to: volumePath(project, { name, type: 'custom', pool }, false) },
      ]);
      onClose();
    },
  });
  const { phase } = upload.state;
  // The pools arrive after the dialog: choose one when none is.
  const { form } = kit;
  useEffect(() => {
    if (fallbackPool && !form.getValues('pool')) form.setValue('pool', fallbackPool);
  }, [fallbackPool, form]);
  const busy = kit.busy;

  // Leaving aborts an upload still being sent (LXD keeps nothing of it); an import goes on.
  const close = useStableCallback(() => {
    if (phase === 'importing') return;
    upload.cancel();
    onClose();
  });

  return (
    <Modal
      title="Import a volume backup"
      onClose={close}
      footer={
        <>
          <button
            type="button"
            className="p-button--base"
            onClick={phase === 'uploading' ? upload.cancel : close}
            disabled={phase === 'importing'}
          >
            {phase === 'uploading' ? 'Cancel upload' : 'Cancel'}
          </button>
          <button
            type="submit"
            form={formId}
            className="p-button--positive"
            disabled={busy}
            aria-busy={busy}
          >
            {phase === 'uploading' ? 'Uploading…' : phase === 'importing' ? 'Importing…' : 'Import'}
          </button>
        </>
      }
    >
      <ResourceForm kit={kit} id={formId} label="Import a volume backup">
        <FileInput
          name="file"
          label="Backup file"
          required
          disabled={busy}
          help={
            <>
              A tarball made by Export backup or <code>{cli} storage volume export</code>.
            </>
          }
          onFile={(file) => {
            if (file && kit.form.getValues('name') === '') {
              kit.form.setValue('name', volumeNameFromBackupFile(file.name), {
                shouldValidate: true,
              });
            }
          }}
        />
        <SelectInput
          name="pool"
          label="Pool"
          options={(pools.data ?? []).map((candidate) => ({
            value: candidate.name,
            label: `${candidate.name} (${storageDriverLabel(candidate.driver)})`,
          }))}
          empty={fallbackPool ? undefined : 'Loading pools…'}
          disabled={busy}
        />
        <TextInput name="name" label="Volume name" required disabled={busy} />
      </ResourceForm>
      <UploadStatus
        state={upload.state}
        className="volume-progress"
        importing={`${product} is creating the volume from the backup…`}
        cancelled="The upload was cancelled: no volume was created."
      />
      <FormFailure failure={kit.failure} what="volume" action="import" />
    </Modal>
  );
}
