import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Link } from '../../../shared/routing/router';
import type { ImageUploadSource } from '../../../lxd/endpoints/images';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { Modal } from '../../../shared/ui/Modal';
import { shortFingerprint } from '../model';
import { useImageUpload } from '../upload';
import {
  EMPTY_UPLOAD_FORM,
  UploadImageFields,
  uploadFormErrors,
  type UploadFormErrors,
  type UploadFormValues,
} from './UploadImageFields';
import { UploadFooter } from '../../../shared/ui/upload/UploadFooter';
import { UploadProgressBar } from '../../../shared/ui/upload/UploadProgressBar';

function sourceOf(values: UploadFormValues): ImageUploadSource | undefined {
  if (values.format === 'unified') {
    return values.file ? { kind: 'unified', file: values.file } : undefined;
  }
  if (!values.metadata || !values.rootfs) return undefined;
  return {
    kind: 'split',
    metadata: values.metadata,
    rootfs: values.rootfs,
    virtualMachine: values.virtualMachine,
  };
}

/**
 * Upload an image file: progress (percentage, bytes sent, total) with a cancel button, then
 * LXD imports it; the list shows the image when the import operation ends.
 */
export function UploadImageModal({ project, onClose }: { project: string; onClose: () => void }) {
  const formId = useId();
  const notify = useNotify();
  const { state, start, cancel, reset } = useImageUpload();
  const [values, setValues] = useState<UploadFormValues>(EMPTY_UPLOAD_FORM);
  const [errors, setErrors] = useState<UploadFormErrors>({});
  // A new key empties the file inputs for "Upload another".
  const [formKey, setFormKey] = useState(0);
  const open = useRef(true);
  const busy = state.phase === 'uploading' || state.phase === 'importing';

  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );

  // Closing while the file is still being sent cancels the upload; an import carries on.
  const close = useCallback(() => {
    cancel();
    onClose();
  }, [cancel, onClose]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = uploadFormErrors(values);
    setErrors(found);
    const source = sourceOf(values);
    if (Object.keys(found).length > 0 || !source) return;
    const name = values.format === 'unified' ? values.file?.name : values.rootfs?.name;
    const end = await start({ project, source, isPublic: values.isPublic, alias: values.alias });
    if (end.phase === 'done') {
      const id = end.fingerprint ? shortFingerprint(end.fingerprint) : '';
      notify.success(
        'Image uploaded',
        `${name ?? 'The image'} was imported${id ? ` as ${id}` : ''}.`,
        [{ label: 'Images', to: paths.images(project) }],
      );
    } else if (end.phase === 'failed' && !open.current) {
      notify.failure('Image upload failed', end.error);
    }
  };

  const footer = (
    <UploadFooter
      phase={state.phase}
      formId={formId}
      onCancelUpload={cancel}
      onClose={onClose}
      onAnother={() => {
        setValues(EMPTY_UPLOAD_FORM);
        setFormKey((key) => key + 1);
        reset();
      }}
    />
  );

  return (
    <Modal title="Upload image" onClose={close} footer={footer}>
      <form
        id={formId}
        className="images-upload"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <fieldset disabled={busy || state.phase === 'done'} className="images-upload__fields">
          <legend className="u-off-screen">Image file and options</legend>
          <UploadImageFields
            key={formKey}
            values={values}
            errors={errors}
            onChange={(patch) => {
              setValues((current) => ({ ...current, ...patch }));
              setErrors({});
            }}
          />
        </fieldset>
      </form>
      {(state.phase === 'uploading' || state.phase === 'importing' || state.phase === 'done') && (
        <UploadProgressBar progress={state.progress} />
      )}
      <div role="status" className="images-upload__status">
        {state.phase === 'uploading' && <p>Uploading to project {project}…</p>}
        {state.phase === 'importing' && (
          <p>
            <i className="p-icon--spinner u-animation--spin" aria-hidden="true" /> Upload complete.
            LXD is importing the image…
          </p>
        )}
        {state.phase === 'cancelled' && <p>The upload was cancelled. Nothing was imported.</p>}
      </div>
      {state.phase === 'done' && (
        <div className="p-notification--positive">
          <div className="p-notification__content">
            <p className="p-notification__title">Image imported</p>
            <p className="p-notification__message">
              {state.fingerprint ? (
                <>
                  Fingerprint <code>{shortFingerprint(state.fingerprint)}</code>.{' '}
                  <Link
                    to={`${paths.instanceCreate(project)}?image=${encodeURIComponent(state.fingerprint)}`}
                  >
                    Create an instance from it
                  </Link>
                </>
              ) : (
                'The image is in the list.'
              )}
            </p>
          </div>
        </div>
      )}
      {state.phase === 'done' && state.aliasError && (
        <div className="p-notification--caution" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">
              The alias could not be added: {state.aliasError}
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
