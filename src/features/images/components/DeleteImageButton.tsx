import type { LxdImage } from '../../../lxd/types/image';
import { useNotify } from '../../../shared/notifications';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { useDeleteImage, useRefreshImages } from '../actions';
import { imageLabel, shortFingerprint } from '../model';

/** Deletes one image after confirmation; a failure keeps the dialog open with LXD's message. */
export function DeleteImageButton({
  image,
  project,
  reason,
}: {
  image: LxdImage;
  project: string;
  /** Why the identity may not delete it (spec §6), if so. */
  reason: string | undefined;
}) {
  const deleteImage = useDeleteImage();
  const refresh = useRefreshImages();
  const notify = useNotify();
  const label = imageLabel(image);

  return (
    <ConfirmButton
      label={
        <>
          <i className="p-icon--delete" aria-hidden="true" />
          <span className="u-off-screen">Delete image {label}</span>
        </>
      }
      className="p-button--base is-dense has-icon images-delete-button"
      title="Delete image"
      message={
        <p>
          Delete the image <strong>{label}</strong> ({shortFingerprint(image.fingerprint)})? This
          cannot be undone.
        </p>
      }
      confirmLabel="Delete"
      danger
      reason={reason}
      onConfirm={async () => {
        try {
          await deleteImage({ fingerprint: image.fingerprint, project, label });
        } finally {
          void refresh();
        }
        notify.success('Image deleted', `${label} was deleted.`);
      }}
    />
  );
}
