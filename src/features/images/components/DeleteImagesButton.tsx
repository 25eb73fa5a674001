import { useState } from 'react';
import type { LxdImage } from '../../../lxd/types/image';
import { useNotify } from '../../../shared/notifications';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { deleteKey, useDeleteImages } from '../actions';
import { deleteSummary, failureDetails, type BulkOutcome } from '../bulk';
import { imageLabel, imageProject, shortFingerprint } from '../model';

/**
 * Deletes the selected images in parallel; the outcomes are counted into one summary
 * ("3 images deleted, 1 failed") with each failure's message. The dialog deletes exactly the
 * images it listed when it opened, even if the list changes meanwhile (an image deleted
 * elsewhere then counts as a failure with the server's message).
 */
export function DeleteImagesButton({
  images,
  project,
  onDone,
}: {
  images: readonly LxdImage[];
  project: string;
  onDone: (outcome: BulkOutcome) => void;
}) {
  const deleteImages = useDeleteImages();
  const notify = useNotify();
  const [asked, setAsked] = useState<readonly LxdImage[]>(images);
  const count = asked.length;
  const noun = count === 1 ? 'image' : 'images';
  const selectedNoun = images.length === 1 ? 'image' : 'images';
  const targets = asked.map((image) => ({
    fingerprint: image.fingerprint,
    project: imageProject(image, project),
    label: imageLabel(image),
  }));
  const labels = new Map(targets.map((target) => [deleteKey(target), target]));

  return (
    <ConfirmButton
      label={`Delete ${images.length} ${selectedNoun}`}
      title={`Delete ${count} ${noun}`}
      confirmLabel="Delete"
      danger
      disabled={images.length === 0}
      onOpen={() => {
        setAsked(images);
      }}
      message={
        <>
          <p>These images will be deleted. This cannot be undone.</p>
          <ul className="images-delete-list">
            {asked.map((image) => (
              <li key={`${image.project ?? ''}/${image.fingerprint}`}>
                {imageLabel(image)} <code>{shortFingerprint(image.fingerprint)}</code>
              </li>
            ))}
          </ul>
        </>
      }
      onConfirm={async () => {
        const outcome = await deleteImages(targets);
        const summary = deleteSummary(outcome);
        if (outcome.failed.length > 0) {
          const details = failureDetails(outcome, (key) => {
            const target = labels.get(key);
            if (!target) return key;
            const short = shortFingerprint(target.fingerprint);
            return target.label !== short ? `${target.label} (${short})` : short;
          });
          notify.failure(summary, details);
        } else {
          notify.success(summary);
        }
        onDone(outcome);
      }}
    />
  );
}
