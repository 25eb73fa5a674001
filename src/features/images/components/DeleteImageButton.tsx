import type { LxdImage } from '../../../lxd/types/image';
import { useNotify } from '../../../shared/notifications';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { useDeleteImages } from '../actions';
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
  const deleteImages = useDeleteImages();
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
        const outcome = await deleteImages([{ fingerprint: image.fingerprint, project }]);
        const failure = outcome.failed[0];
        if (failure) throw new Error(failure.message);
        notify.success('Image deleted', `${label} was deleted.`);
      }}
    />
  );
}
