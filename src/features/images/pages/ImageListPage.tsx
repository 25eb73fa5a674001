import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from '../../../shared/routing/router';
import type { LxdImage } from '../../../lxd/types/image';
import { hasServerExtension, useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../shared/ui/Gated';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../shared/ui/list';
import { DEFAULT_SORT, IMAGE_LIST_ID, imageColumns } from '../components/columns';
import { DeleteImagesButton } from '../components/DeleteImagesButton';
import { EditImageModal } from '../components/EditImageModal';
import { ImageAliasesModal } from '../components/ImageAliasesModal';
import { ImageRowActions } from '../components/RowActions';
import { UploadImageModal } from '../components/UploadImageModal';
import { imageFilters, imageKey, imageLabel, imageProject, matchImages } from '../model';
import { IMAGES_ALL_PROJECTS_EXTENSION, imagesQuery } from '../queries';
import '../images.scss';

export const ALL_PROJECTS_PARAM = 'all-projects';
const NOUN = { one: 'image', other: 'images' };

const SEARCH: ListSearch<LxdImage> = {
  label: 'Search images',
  placeholder: 'Search images',
  help: 'Matches descriptions, aliases, fingerprints, types, architectures and projects; every word must match.',
  compile: matchImages,
};

/** /ui/project/{project}/images: the project's images, or every project's. */
export function ImageListPage() {
  const { project = 'default' } = useParams();
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  // Without `images_all_projects` (LXD 5.0) every project is asked in turn.
  const serverListsAll = hasServerExtension(auth, IMAGES_ALL_PROJECTS_EXTENSION);
  const allProjects = params.get(ALL_PROJECTS_PARAM) === '1';
  const images = useQuery(
    imagesQuery(
      allProjects ? undefined : project,
      auth.isFineGrained,
      serverListsAll ? undefined : auth.projects,
    ),
  );
  const [aliasesOf, setAliasesOf] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  const permissions = usePermissions();
  const selectDisabledReason = useCallback(
    (image: LxdImage) => permissions.on(NOUN.one, 'delete', image),
    [permissions],
  );
  const uploadReason =
    permissions.inProject(project, 'createImages') ??
    (allProjects ? 'Select a project to upload an image' : undefined);

  const editImage = useCallback((image: LxdImage) => {
    setEditing(imageKey(image));
  }, []);
  const manageAliases = useCallback((image: LxdImage) => {
    setAliasesOf(imageKey(image));
  }, []);
  const columns = useMemo(
    () => imageColumns({ allProjects, project, onManageAliases: manageAliases }),
    [allProjects, project, manageAliases],
  );
  const filters = useMemo(() => imageFilters(images.data), [images.data]);
  const view = useListView<LxdImage>({
    id: IMAGE_LIST_ID,
    rows: images.data,
    columns,
    rowKey: imageKey,
    defaultSort: DEFAULT_SORT,
    search: SEARCH,
    filters,
    selectDisabledReason,
  });
  const clearSelection = view.selection.clear;

  const rowActions = useCallback(
    (image: LxdImage) => (
      <ImageRowActions
        image={image}
        project={imageProject(image, project)}
        deleteReason={selectDisabledReason(image)}
        onEdit={editImage}
      />
    ),
    [project, selectDisabledReason, editImage],
  );
  const bulkActions = (selected: LxdImage[], clear: () => void) => (
    <DeleteImagesButton images={selected} project={project} onDone={clear} />
  );
  const closeAliases = useCallback(() => {
    setAliasesOf(null);
  }, []);
  const closeUpload = useCallback(() => {
    setUploading(false);
  }, []);
  const aliasImage = images.data?.find((image) => imageKey(image) === aliasesOf);
  const editedImage = images.data?.find((image) => imageKey(image) === editing);
  const closeEdit = useCallback(() => {
    setEditing(null);
  }, []);

  return (
    <section className="list-page images-page" aria-labelledby="images-heading">
      <PageHeader title={<span id="images-heading">Images</span>}>
        <label className="p-switch images-all-projects">
          <input
            type="checkbox"
            className="p-switch__input"
            role="switch"
            checked={allProjects}
            onChange={(event) => {
              const on = event.target.checked;
              clearSelection();
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
      </PageHeader>

      <ResourceList<LxdImage>
        view={view}
        label="Images"
        noun={NOUN}
        query={images}
        empty={{
          title: allProjects ? 'No images in any project' : `No images in ${project}`,
          body: (
            <p>
              Upload an image file (for example one exported with <code>lxc image export</code>), or
              create one from an instance or snapshot on its page.
            </p>
          ),
        }}
        bulkActions={bulkActions}
        rowActions={rowActions}
        actionsWidth={18}
        rowLabel={imageLabel}
      />

      {aliasImage && (
        <ImageAliasesModal
          image={aliasImage}
          project={imageProject(aliasImage, project)}
          onClose={closeAliases}
        />
      )}
      {editedImage && (
        <EditImageModal
          image={editedImage}
          project={imageProject(editedImage, project)}
          onClose={closeEdit}
        />
      )}
      {uploading && <UploadImageModal project={project} onClose={closeUpload} />}
    </section>
  );
}
