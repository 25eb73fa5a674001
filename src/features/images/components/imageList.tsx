/**
 * What the image list declaration (pages/ImageListPage.tsx) is made of: its rows, of the
 * project or of every project (`?all-projects=1`), the columns and empty title of each view,
 * and the header's All projects switch and Upload image button.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { clientCommand } from '../../../lxd/product';
import type { LxdImage } from '../../../lxd/types/image';
import { hasServerExtension } from '../../../shared/auth/context';
import { listRows, type ListPageVariant, type PageContext } from '../../../shared/pages';
import type { ListSearch } from '../../../shared/ui/list';
import { useSearchParams } from '../../../shared/routing/router';
import { GatedButton } from '../../../shared/ui/Gated';
import { IMAGES_ALL_PROJECTS_EXTENSION, imagesQuery } from '../queries';
import { imageProject, matchImages } from '../model';
import { imageColumns } from './columns';
import { DeleteImagesButton } from './DeleteImagesButton';
import { ImageRowActions } from './RowActions';
import { UploadImageModal } from './UploadImageModal';

export const ALL_PROJECTS_PARAM = 'all-projects';

export function useAllProjects(): boolean {
  const [params] = useSearchParams();
  return params.get(ALL_PROJECTS_PARAM) === '1';
}

export function useImageRows({ project, auth }: PageContext) {
  const allProjects = useAllProjects();
  // Without `images_all_projects` (LXD 5.0) every project is asked in turn.
  const serverListsAll = hasServerExtension(auth, IMAGES_ALL_PROJECTS_EXTENSION);
  return listRows(
    useQuery(
      imagesQuery(
        allProjects ? undefined : project,
        auth.isFineGrained,
        serverListsAll ? undefined : auth.projects,
      ),
    ),
  );
}

/** The all-projects view: a Project column, and its own empty title. */
export function useImageListVariant({ project }: PageContext): ListPageVariant<LxdImage> {
  const allProjects = useAllProjects();
  const columns = useMemo(
    () => (allProjects ? imageColumns({ allProjects, project }) : undefined),
    [allProjects, project],
  );
  return {
    ...(columns ? { columns } : {}),
    emptyTitle: allProjects ? 'No images in any project' : `No images in ${project}`,
  };
}

/** The header: every project's images or the project's, and Upload image. */
export function ImageListActions({ context }: { context: PageContext }) {
  const { project, permissions } = context;
  const [params, setParams] = useSearchParams();
  const allProjects = params.get(ALL_PROJECTS_PARAM) === '1';
  const [uploading, setUploading] = useState(false);
  const uploadReason =
    permissions.inProject(project, 'createImages') ??
    (allProjects ? 'Select a project to upload an image' : undefined);
  return (
    <>
      <label className="p-switch images-all-projects">
        <input
          type="checkbox"
          className="p-switch__input"
          role="switch"
          checked={allProjects}
          onChange={(event) => {
            const on = event.target.checked;
            setParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                if (on) next.set(ALL_PROJECTS_PARAM, '1');
                else next.delete(ALL_PROJECTS_PARAM);
                return next;
              },
              { replace: true },
            );
          }}
        />
        <span className="p-switch__slider" />
        <span className="p-switch__label">All projects</span>
      </label>
      <GatedButton
        className="p-button--positive"
        reason={uploadReason}
        onClick={() => {
          setUploading(true);
        }}
      >
        Upload image
      </GatedButton>
      {uploading && (
        <UploadImageModal
          project={project}
          onClose={() => {
            setUploading(false);
          }}
        />
      )}
    </>
  );
}

export const IMAGE_SEARCH: ListSearch<LxdImage> = {
  label: 'Search images',
  placeholder: 'Search images',
  help: 'Matches descriptions, aliases, fingerprints, types, architectures and projects; every word must match.',
  compile: matchImages,
};

/** What an empty image list says, naming the server's client (`lxc` or `incus`). */
export const imagesEmpty = (client: 'lxc' | 'incus') => (
  <p>
    Upload an image file (for example one exported with <code>{client} image export</code>), or
    create one from an instance or snapshot on its page.
  </p>
);

/** The empty image list on LXD. */
export const IMAGES_EMPTY = imagesEmpty('lxc');

/** The empty image list of the page's server. */
export const imagesEmptyFor = ({ auth }: PageContext) => imagesEmpty(clientCommand(auth.server));

/** A row's actions, in the image's own project (the all-projects list). */
export function imageRowActions({ project, permissions }: PageContext) {
  return function ImageRow(image: LxdImage) {
    return (
      <ImageRowActions
        image={image}
        project={imageProject(image, project)}
        deleteReason={permissions.on('image', 'delete', image)}
      />
    );
  };
}

/** Delete the selected images. */
export function imageBulkActions(
  selected: LxdImage[],
  clear: () => void,
  { project }: PageContext,
) {
  return <DeleteImagesButton images={selected} project={project} onDone={clear} />;
}
