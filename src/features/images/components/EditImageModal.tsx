import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
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
import {
  CheckboxInput,
  KeyValueInput,
  ResourceForm,
  TextInput,
  useResourceForm,
} from '../../../shared/forms';
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
  const kit = useResourceForm<ImageEditValues>({
    defaultValues: initial,
    validate: (values) =>
      Object.fromEntries(
        propertyKeyErrors(values.properties).map((error, index) => [
          `properties.${String(index)}.key`,
          error,
        ]),
      ),
    onDirtyChange,
    onSubmit,
    busy,
  });
  return (
    <ResourceForm kit={kit} id={formId} className="image-edit">
      <TextInput name="description" label="Description" disabled={busy} />
      <KeyValueInput
        name="properties"
        legend="Properties"
        noun="property"
        disabled={busy}
        empty="This image has no other properties."
        className="image-edit__properties"
        rowClassName="image-edit__row"
      />
      <CheckboxInput name="public" label="Public (other clients may download it)" disabled={busy} />
      <CheckboxInput
        name="autoUpdate"
        label="Update automatically from its source"
        disabled={busy}
      />
    </ResourceForm>
  );
}
