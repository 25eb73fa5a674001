import { useState } from 'react';
import { Link } from '../../../shared/routing/router';
import type { LxdImage } from '../../../lxd/types/image';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { GatedButton } from '../../../shared/ui/Gated';
import { imageLabel } from '../model';
import { DeleteImageButton } from './DeleteImageButton';
import { DownloadImageButton } from './DownloadImageButton';
import { EditImageModal } from './EditImageModal';

/**
 * A row's actions: create an instance from the image, edit it (the dialog checks can_edit on
 * the image itself), download or delete it.
 */
export function ImageRowActions({
  image,
  project,
  deleteReason,
}: {
  image: LxdImage;
  /** The project the image belongs to. */
  project: string;
  /** Why the identity may not delete it (spec §6), if so. */
  deleteReason: string | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const createReason = usePermissions().inProject(project, 'createInstances');
  const label = `Create instance from ${imageLabel(image)}`;
  const to = `${paths.instanceCreate(project)}?image=${encodeURIComponent(image.fingerprint)}`;
  return (
    <span className="images-row-actions">
      {createReason === undefined ? (
        <Link to={to} aria-label={label}>
          Create instance
        </Link>
      ) : (
        <GatedButton className="p-button--base is-dense" aria-label={label} reason={createReason}>
          Create instance
        </GatedButton>
      )}
      <button
        type="button"
        className="p-button--base is-dense has-icon"
        title="Edit image"
        onClick={() => {
          setEditing(true);
        }}
      >
        <i className="p-icon--edit" aria-hidden="true" />
        <span className="u-off-screen">Edit image {imageLabel(image)}</span>
      </button>
      <DownloadImageButton image={image} project={project} />
      <DeleteImageButton image={image} project={project} reason={deleteReason} />
      {editing && (
        <EditImageModal
          image={image}
          project={project}
          onClose={() => {
            setEditing(false);
          }}
        />
      )}
    </span>
  );
}
