import { useId } from 'react';
import type { ImageUploadSource } from '../../../lxd/endpoints/images';
import { useProductName } from '../../../shared/auth/product';
import { ResourceForm, useResourceForm } from '../../../shared/forms';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { Link } from '../../../shared/routing/router';
import { UploadFields, UploadModal, useStillOpen } from '../../../shared/ui/upload/UploadModal';
import { shortFingerprint } from '../model';
import { useImageUpload } from '../upload';
import {
  EMPTY_UPLOAD_FORM,
  UploadImageFields,
  uploadFormErrors,
  type UploadFormValues,
} from './UploadImageFields';

function sourceOf(values: UploadFormValues): ImageUploadSource | undefined {
  if (values.format === 'unified') {
    return values.file ? { kind: 'unified', file: values.file } : undefined;
  }
  if (!values.metadata || !values.rootfs) return undefined;
  return {
    kind: 'split',
    metadata: values.metadata,
    rootfs: values.rootfs,
    virtualMachine: values.type === 'virtual-machine',
  };
}

/**
 * Upload an image file: progress (percentage, bytes sent and total) with a cancel button, then
 * LXD imports it; the list shows the image when the import operation ends.
 */
export function UploadImageModal({ project, onClose }: { project: string; onClose: () => void }) {
  const formId = useId();
  const notify = useNotify();
  const product = useProductName();
  const flow = useImageUpload();
  const stillOpen = useStillOpen();
  const kit = useResourceForm<UploadFormValues>({
    defaultValues: EMPTY_UPLOAD_FORM,
    validate: uploadFormErrors,
    onSubmit: async (values) => {
      const source = sourceOf(values);
      if (!source) return;
      const name = values.format === 'unified' ? values.file?.name : values.rootfs?.name;
      const end = await flow.start({
        project,
        source,
        isPublic: values.isPublic,
        alias: values.alias,
      });
      if (end.phase === 'done') {
        const id = end.fingerprint ? shortFingerprint(end.fingerprint) : '';
        notify.success(
          'Image uploaded',
          `${name ?? 'The image'} was imported${id ? ` as ${id}` : ''}.`,
          [{ label: 'Images', to: paths.images(project) }],
        );
      } else if (end.phase === 'failed' && !stillOpen()) {
        notify.failure('Image upload failed', end.error);
      }
    },
  });

  return (
    <UploadModal
      title="Upload image"
      flow={flow}
      formId={formId}
      onClose={onClose}
      onAnother={() => {
        kit.reset(EMPTY_UPLOAD_FORM);
      }}
      status={{
        className: 'upload-status',
        uploading: `Uploading to project ${project}…`,
        importing: `${product} is importing the image…`,
        cancelled: 'The upload was cancelled. Nothing was imported.',
      }}
      done={({ fingerprint, aliasError }) => ({
        title: 'Image imported',
        message: fingerprint ? (
          <>
            Fingerprint <code>{shortFingerprint(fingerprint)}</code>.{' '}
            <Link to={`${paths.instanceCreate(project)}?image=${encodeURIComponent(fingerprint)}`}>
              Create an instance from it
            </Link>
          </>
        ) : (
          'The image is in the list.'
        ),
        after: aliasError && (
          <div className="p-notification--caution" role="alert">
            <div className="p-notification__content">
              <p className="p-notification__message">The alias could not be added: {aliasError}</p>
            </div>
          </div>
        ),
      })}
    >
      <ResourceForm kit={kit} id={formId} className="images-upload" label="Upload image">
        <UploadFields phase={flow.state.phase} legend="Image file and options">
          <UploadImageFields />
        </UploadFields>
      </ResourceForm>
    </UploadModal>
  );
}
