import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { updateImage } from '../../../lxd/endpoints/images';
import type { LxdImage } from '../../../lxd/types/image';
import { useAuth } from '../../../shared/auth/context';
import { useVersionedEdit } from '../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { Loader } from '../../../shared/ui/Loader';
import { Modal } from '../../../shared/ui/Modal';
import { FormModal } from '../../../shared/ui/FormModal';
import { ErrorNotice } from '../../../shared/ui/States';
import { KeyValueRows } from '../../../shared/ui/KeyValueRows';
import { TextField } from '../../../shared/ui/TextField';
import { imageToValues, propertyKeyErrors, valuesToImagePut, type ImageEditValues } from '../edit';
import { imageLabel } from '../model';
import type { ImageDialogProps } from './ImageAliasesModal';
import { imageKeys, imageQuery } from '../queries';

/**
 * Edit an image's description, properties, public flag and auto update: PUT of the whole
 * ImagePut with the ETag of the GET; a 412 keeps the form and offers to overwrite or reload.
 */
export function EditImageModal({ image, project, onClose }: ImageDialogProps) {
  const { isFineGrained } = useAuth();
  const detail = useQuery(imageQuery(project, image.fingerprint, isFineGrained));
  const title = `Edit image ${imageLabel(image)}`;
  if (!detail.data) {
    return (
      <Modal title={title} onClose={onClose}>
        {detail.error ? (
          <ErrorNotice
            title="Could not load the image"
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <Loader text="Loading image…" />
        )}
      </Modal>
    );
  }
  return <EditImageForm title={title} latest={detail.data} project={project} onClose={onClose} />;
}

function EditImageForm({
  title,
  latest,
  project,
  onClose,
}: {
  title: string;
  latest: LxdImage;
  project: string;
  onClose: () => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const notify = useNotify();
  const { isFineGrained } = useAuth();
  const reason = usePermissions().on('image', 'edit', latest);
  const update = useMutation({
    mutationFn: ({ values, etag }: { values: ImageEditValues; etag: string | undefined }) =>
      updateImage(latest.fingerprint, project, valuesToImagePut(values, latest), etag),
    onSuccess: () => client.invalidateQueries({ queryKey: imageKeys.all }),
  });
  const edit = useVersionedEdit<LxdImage, ImageEditValues>({
    what: 'image',
    latest,
    fetchLatest: () =>
      client.query({ ...imageQuery(project, latest.fingerprint, isFineGrained), staleTime: 0 }),
    send: (values, etag, onSaved) => {
      update.mutate(
        { values, etag },
        {
          onSuccess: () => {
            notify.success('Image updated', `${imageLabel(latest)} was saved.`);
            onSaved();
            onClose();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });
  return (
    <FormModal
      title={title}
      formId={`${id}-form`}
      busy={update.isPending}
      submitLabel="Save"
      busyLabel="Saving…"
      reason={reason}
      onClose={onClose}
    >
      <ImageEditFields
        key={edit.formKey}
        formId={`${id}-form`}
        initial={imageToValues(edit.base)}
        busy={update.isPending}
        onDirtyChange={edit.onDirtyChange}
        onSubmit={edit.save}
      />
      {edit.notice}
    </FormModal>
  );
}

const FLAGS = [
  { field: 'public', label: 'Public (other clients may download it)' },
  { field: 'autoUpdate', label: 'Update automatically from its source' },
] as const;

function ImageEditFields({
  formId,
  initial,
  busy,
  onDirtyChange,
  onSubmit,
}: {
  formId: string;
  initial: ImageEditValues;
  busy: boolean;
  onDirtyChange: (dirty: boolean) => void;
  onSubmit: (values: ImageEditValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const keyErrors = propertyKeyErrors(values.properties);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (keyErrors.some(Boolean)) return;
    onSubmit(values);
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="image-edit">
      <TextField
        label="Description"
        value={values.description}
        disabled={busy}
        onChange={(description) => setValues((v) => ({ ...v, description }))}
      />
      <KeyValueRows
        legend="Properties"
        noun="property"
        rows={values.properties}
        onChange={(update) => setValues((v) => ({ ...v, properties: update(v.properties) }))}
        error={(index) =>
          submitted || values.properties[index]?.key ? keyErrors[index] : undefined
        }
        disabled={busy}
        empty="This image has no other properties."
        className="image-edit__properties"
        rowClassName="image-edit__row"
      />
      {FLAGS.map(({ field, label }) => (
        <label className="p-checkbox" key={field}>
          <input
            type="checkbox"
            className="p-checkbox__input"
            checked={values[field]}
            disabled={busy}
            onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.checked }))}
          />
          <span className="p-checkbox__label">{label}</span>
        </label>
      ))}
    </form>
  );
}
