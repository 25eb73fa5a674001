import { useState } from 'react';
import type { LxdImage } from '../../../lxd/types/image';
import { useBulkAction } from '../../../shared/bulk-queue';
import type { BulkOutcome } from '../../../shared/pages';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { useRefreshImages, type DeleteTarget } from '../actions';
import { IMAGE_DELETE, type ImageDeleteParams } from '../executors';
import { imageLabel, imageProject, shortFingerprint } from '../model';

const NOUN = { one: 'image', other: 'images' };

/** How a failure names its image: "First image (111111111111)", or the short fingerprint. */
function failureLabel(target: DeleteTarget) {
  const short = shortFingerprint(target.fingerprint);
  return target.label !== short ? `${target.label} (${short})` : short;
}

/**
 * Deletes the selected images through the bulk queue; the outcomes are counted into one summary
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
  onDone: (outcome: BulkOutcome<DeleteTarget>) => void;
}) {
  const refresh = useRefreshImages();
  const deleteImages = useBulkAction<DeleteTarget>({
    noun: NOUN,
    title: 'Delete',
    verb: 'deleted',
    label: failureLabel,
    kind: IMAGE_DELETE,
    params: ({ fingerprint, project }): ImageDeleteParams => ({ fingerprint, project }),
    onSettled: () => void refresh(),
  });
  const [asked, setAsked] = useState<readonly LxdImage[]>(images);
  const count = asked.length;
  const noun = count === 1 ? 'image' : 'images';
  const selectedNoun = images.length === 1 ? 'image' : 'images';

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
        const targets = asked.map((image) => ({
          fingerprint: image.fingerprint,
          project: imageProject(image, project),
          label: imageLabel(image),
        }));
        onDone(await deleteImages(targets));
      }}
    />
  );
}
