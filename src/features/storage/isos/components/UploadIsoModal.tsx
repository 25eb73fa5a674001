import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { customVolumeNameExists } from '../../../../lxd/endpoints/storage-isos';
import {
  FileInput,
  ResourceForm,
  SelectInput,
  TextInput,
  useResourceForm,
} from '../../../../shared/forms';
import { useProductName } from '../../../../shared/auth/product';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { Modal } from '../../../../shared/ui/Modal';
import { UploadFooter } from '../../../../shared/ui/upload/UploadFooter';
import { UploadStatus } from '../../../../shared/ui/upload/UploadStatus';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';
import { customVolumeNamesQuery, isoPoolNamesQuery } from '../queries';
import { ISO_MESSAGES, isoNameError, isoNameForFile } from '../rules';
import { useIsoUpload } from '../upload';

interface IsoValues {
  file: File | null;
  /** '' until the pools are in: then the pool named default, or the first. */
  pool: string;
  name: string;
}

const defaultPool = (pools: readonly string[]) =>
  pools.includes('default') ? 'default' : (pools[0] ?? '');

/** The name an uploaded file gets: made from the file name, unique in the pool's volumes. */
function useNameFromFile(project: string, values: IsoValues): string {
  const names = useQuery(customVolumeNamesQuery(project, values.pool));
  const taken = new Set(names.data ?? []);
  return values.file ? isoNameForFile(values.file.name, (name) => taken.has(name)) : '';
}

/**
 * Upload an ISO file as a custom volume: the file, the pool and the name (made from the file
 * name and unique in the pool until the user changes it), then progress with a cancel button
 * while it is sent, and LXD writing it into the pool.
 */
export function UploadIsoModal({ project, onClose }: { project: string; onClose: () => void }) {
  const formId = useId();
  const notify = useNotify();
  const product = useProductName();
  const { state, start, cancel, reset } = useIsoUpload();
  const pools = useQuery(isoPoolNamesQuery(project));
  const open = useRef(true);
  const kit = useResourceForm<IsoValues>({
    defaultValues: { file: null, pool: '', name: '' },
    validate: (values) => ({
      file: values.file ? undefined : ISO_MESSAGES.fileRequired,
      pool: values.pool ? undefined : ISO_MESSAGES.poolRequired,
      name: values.file ? isoNameError(values.name) : undefined,
    }),
    nameCheck: {
      field: 'name',
      lookup: (name, signal, pool) =>
        pool ? customVolumeNameExists(project, pool, name, signal) : Promise.resolve(false),
      scope: (values) => values.pool,
      message: ISO_MESSAGES.nameTaken,
    },
    onSubmit: async ({ file, pool, name }) => {
      if (!file) return;
      const end = await start({ project, pool, name, file });
      if (end.phase === 'done') {
        notify.success('ISO uploaded', `${end.name} was added to pool ${end.pool}.`, [
          { label: 'Custom ISOs', to: paths.customIsos(project) },
        ]);
      } else if (end.phase === 'failed' && !open.current) {
        notify.failure('ISO upload failed', end.error);
      }
    },
  });
  const { form } = kit;
  const values = useWatch({ control: form.control }) as IsoValues;
  const busy = state.phase === 'uploading' || state.phase === 'importing';
  const editable = !busy && state.phase !== 'done';
  const derived = useNameFromFile(project, values);
  const last = useRef('');

  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );
  // The pools arrive after the dialog: choose one when none is.
  const fallbackPool = defaultPool(pools.data ?? []);
  useEffect(() => {
    if (fallbackPool && !form.getValues('pool')) form.setValue('pool', fallbackPool);
  }, [fallbackPool, form]);
  // The name follows the file (and the names of the pool) until the user types another; while
  // the file is sent and once it is in, the form shows what was sent.
  useEffect(() => {
    if (!editable) return;
    const current = form.getValues('name');
    if (current !== derived && (current === '' || current === last.current)) {
      form.setValue('name', derived, { shouldValidate: derived !== '' });
    }
    last.current = derived;
  }, [derived, editable, form]);

  // Closing while the file is still being sent cancels the upload; writing it carries on.
  const close = useStableCallback(() => {
    cancel();
    onClose();
  });

  const footer = (
    <UploadFooter
      phase={state.phase}
      formId={formId}
      onCancelUpload={cancel}
      onClose={onClose}
      onAnother={() => {
        kit.revert();
        last.current = '';
        reset();
      }}
    />
  );

  return (
    <Modal title="Upload ISO" onClose={close} footer={footer}>
      <ResourceForm kit={kit} id={formId} className="iso-upload" label="Upload ISO">
        <fieldset disabled={!editable} className="iso-upload__fields">
          <legend className="u-off-screen">ISO file, pool and name</legend>
          <FileInput
            name="file"
            label="ISO file"
            accept=".iso,application/x-iso9660-image"
            help={
              values.file
                ? `Selected: ${values.file.name}`
                : 'A bootable .iso image, such as an installer.'
            }
            onFile={() => {
              // A new file names the volume anew.
              form.setValue('name', '');
            }}
          />
          <SelectInput
            name="pool"
            label="Storage pool"
            options={(pools.data ?? []).map((pool) => ({ value: pool, label: pool }))}
            empty={pools.isPending ? 'Loading pools…' : undefined}
            help={pools.error ? pools.error.message : undefined}
          />
          <TextInput
            name="name"
            label="Name"
            help="Made from the file name; change it if you like."
          />
        </fieldset>
      </ResourceForm>
      <UploadStatus
        state={state}
        className="iso-upload__status"
        uploading={`Uploading to pool ${values.pool} in project ${project}…`}
        importing={`${product} is writing the ISO to the pool…`}
        cancelled="The upload was cancelled. No volume was created."
        failed="Upload failed"
      />
      {state.phase === 'done' && (
        <div className="p-notification--positive">
          <div className="p-notification__content">
            <p className="p-notification__title">ISO uploaded</p>
            <p className="p-notification__message">
              {state.name} is in pool {state.pool}. Attach it to a virtual machine when you create
              one.
            </p>
          </div>
        </div>
      )}
    </Modal>
  );
}
