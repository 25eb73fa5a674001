import { Link } from 'react-router';
import type { LxdImage } from '../../../lxd/types/image';
import { paths } from '../../../shared/routing/paths';
import { imageLabel } from '../model';
import { DeleteImageButton } from './DeleteImageButton';

/** A row's actions: create an instance from the image, delete it. */
export function ImageRowActions({
  image,
  project,
  canDelete,
}: {
  image: LxdImage;
  /** The project the image belongs to. */
  project: string;
  canDelete: boolean;
}) {
  return (
    <span className="images-row-actions">
      <Link
        to={`${paths.instanceCreate(project)}?image=${encodeURIComponent(image.fingerprint)}`}
        aria-label={`Create instance from ${imageLabel(image)}`}
      >
        Create instance
      </Link>
      <DeleteImageButton image={image} project={project} allowed={canDelete} />
    </span>
  );
}
