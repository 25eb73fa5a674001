import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { customVolumeNameExists } from '../../../../lxd/endpoints/storage-isos';
import { useNotify } from '../../../../shared/notifications';
import { paths } from '../../../../shared/routing/paths';
import { Modal } from '../../../../shared/ui/Modal';
import { customVolumeNamesQuery, isoPoolNamesQuery } from '../queries';
import { ISO_MESSAGES, isoNameError, isoNameForFile, isoNameTakenError } from '../rules';
import { useIsoUpload } from '../upload';
import { useCustomVolumeNameCheck } from '../useNameCheck';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';
import { UploadFooter } from '../../../../shared/ui/upload/UploadFooter';
import { UploadStatus } from '../../../../shared/ui/upload/UploadStatus';

interface Errors {
  file?: string | undefined;
  pool?: string | undefined;
  name?: string | undefined;
}

const defaultPool = (pools: readonly string[]) =>
  pools.includes('default') ? 'default' : (pools[0] ?? '');

/**
 * Upload an ISO file as a custom volume: the file, the pool and the name (made from the file
 * name and unique in the pool until the user changes it), then progress with a cancel button
 * while it is sent, and LXD writing it into the pool.
 */
export function UploadIsoModal({ project, onClose }: { project: string; onClose: () => void }) {
  const formId = useId();
  const fileId = useId();
  const poolId = useId();
  const nameId = useId();
  const notify = useNotify();
  const { state, start, cancel, reset } = useIsoUpload();
  const pools = useQuery(isoPoolNamesQuery(project));
  const [file, setFile] = useState<File | null>(null);
  const [chosenPool, setChosenPool] = useState<string>();
  const [typedName, setTypedName] = useState<string>();
  const [errors, setErrors] = useState<Errors>({});
  const [formKey, setFormKey] = useState(0);
  const open = useRef(true);
  const pool = chosenPool ?? defaultPool(pools.data ?? []);
  const names = useQuery(customVolumeNamesQuery(project, pool));
  const busy = state.phase === 'uploading' || state.phase === 'importing';

  const taken = new Set(names.data ?? []);
  const derived = file ? isoNameForFile(file.name, (candidate) => taken.has(candidate)) : '';
  // Once uploaded, the form shows what was sent (the derived name moves on to "-1").
  const name = state.phase === 'done' ? state.name : (typedName ?? derived);
  const editable = !busy && state.phase !== 'done';
  const formatError = name ? isoNameError(name) : undefined;
  const lookup = useCustomVolumeNameCheck(
    project,
    pool,
    name,
    editable && name !== '' && formatError === undefined,
  );
  const nameError =
    errors.name ?? formatError ?? (lookup ? isoNameTakenError(name, lookup.taken) : undefined);

  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );

  // Closing while the file is still being sent cancels the upload; writing it carries on.
  const close = useStableCallback(() => {
    cancel();
    onClose();
  });

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found: Errors = {
      file: file ? undefined : ISO_MESSAGES.fileRequired,
      pool: pool ? undefined : ISO_MESSAGES.poolRequired,
      name: file ? isoNameError(name) : undefined,
    };
    if (!found.name && file && pool) {
      const exists = await customVolumeNameExists(project, pool, name).catch(() => false);
      found.name = isoNameTakenError(name, exists);
    }
    setErrors(found);
    if (!file || found.file || found.pool || found.name) return;
    const end = await start({ project, pool, name, file });
    if (end.phase === 'done') {
      notify.success('ISO uploaded', `${end.name} was added to pool ${end.pool}.`, [
        { label: 'Custom ISOs', to: paths.customIsos(project) },
      ]);
    } else if (end.phase === 'failed' && !open.current) {
      notify.failure('ISO upload failed', end.error);
    }
  };

  const footer = (
    <UploadFooter
      phase={state.phase}
      formId={formId}
      onCancelUpload={cancel}
      onClose={onClose}
      onAnother={() => {
        setFile(null);
        setTypedName(undefined);
        setFormKey((key) => key + 1);
        reset();
      }}
    />
  );

  return (
    <Modal title="Upload ISO" onClose={close} footer={footer}>
      <form id={formId} className="iso-upload" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={!editable} className="iso-upload__fields">
          <legend className="u-off-screen">ISO file, pool and name</legend>
          <div className={errors.file ? 'p-form-validation is-error' : 'p-form-validation'}>
            <label htmlFor={fileId}>ISO file</label>
            <input
              key={formKey}
              id={fileId}
              type="file"
              accept=".iso,application/x-iso9660-image"
              className="p-form-validation__input"
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={`${fileId}-help${errors.file ? ` ${fileId}-error` : ''}`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setTypedName(undefined);
                setErrors({});
              }}
            />
            <p className="p-form-help-text" id={`${fileId}-help`}>
              {file ? `Selected: ${file.name}` : 'A bootable .iso image, such as an installer.'}
            </p>
            {errors.file && (
              <p className="p-form-validation__message" id={`${fileId}-error`} role="alert">
                {errors.file}
              </p>
            )}
          </div>
          <div className={errors.pool ? 'p-form-validation is-error' : 'p-form-validation'}>
            <label htmlFor={poolId}>Storage pool</label>
            <select
              id={poolId}
              className="p-form-validation__input"
              value={pool}
              aria-invalid={errors.pool ? true : undefined}
              aria-describedby={errors.pool ? `${poolId}-error` : undefined}
              onChange={(event) => {
                setChosenPool(event.target.value);
                setErrors({});
              }}
            >
              {pools.isPending && <option value="">Loading pools…</option>}
              {(pools.data ?? []).map((candidate) => (
                <option key={candidate} value={candidate}>
                  {candidate}
                </option>
              ))}
            </select>
            {(errors.pool ?? (pools.error ? pools.error.message : undefined)) && (
              <p className="p-form-validation__message" id={`${poolId}-error`} role="alert">
                {errors.pool ?? pools.error?.message}
              </p>
            )}
          </div>
          <div className={nameError ? 'p-form-validation is-error' : 'p-form-validation'}>
            <label htmlFor={nameId}>Name</label>
            <input
              id={nameId}
              type="text"
              autoComplete="off"
              spellCheck={false}
              className="p-form-validation__input"
              value={name}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={`${nameId}-help${nameError ? ` ${nameId}-error` : ''}`}
              onChange={(event) => {
                setTypedName(event.target.value);
                setErrors((current) => ({ ...current, name: undefined }));
              }}
            />
            <p className="p-form-help-text" id={`${nameId}-help`}>
              Made from the file name; change it if you like.
            </p>
            {nameError && (
              <p className="p-form-validation__message" id={`${nameId}-error`} role="alert">
                {nameError}
              </p>
            )}
          </div>
        </fieldset>
      </form>
      <UploadStatus
        state={state}
        className="iso-upload__status"
        uploading={`Uploading to pool ${pool} in project ${project}…`}
        importing="LXD is writing the ISO to the pool…"
        cancelled="The upload was cancelled. No volume was created."
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
      {state.phase === 'failed' && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__title">Upload failed</p>
            <p className="p-notification__message">{state.error}</p>
          </div>
        </div>
      )}
    </Modal>
  );
}
