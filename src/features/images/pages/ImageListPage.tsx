import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { LxdImage } from '../../../lxd/types/image';
import { hasServerExtension, useAuth } from '../../../shared/auth/context';
import { hasEntitlement } from '../../../shared/permissions/entitlements';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { DeleteImagesButton } from '../components/DeleteImagesButton';
import { ImageAliasesModal } from '../components/ImageAliasesModal';
import { ImagesTable, type ImageSort } from '../components/ImagesTable';
import { ImagesToolbar } from '../components/ImagesToolbar';
import { UploadImageModal } from '../components/UploadImageModal';
import { filterImages, imageKey, imageProject, sortImages, type ImageSortKey } from '../model';
import { IMAGES_ALL_PROJECTS_EXTENSION, imagesQuery } from '../queries';
import '../images.scss';

export const ALL_PROJECTS_PARAM = 'all-projects';

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
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ImageSort>({ key: 'description', direction: 'ascending' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [aliasesOf, setAliasesOf] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const canDelete = useCallback(
    (image: LxdImage) => hasEntitlement(auth.isFineGrained, 'can_delete', image),
    [auth.isFineGrained],
  );
  const projectObject = auth.projects.find((candidate) => candidate.name === project);
  // Without entitlements on the project object the server decides (and answers 403).
  const canUpload =
    projectObject?.access_entitlements === undefined ||
    hasEntitlement(auth.isFineGrained, 'can_create_images', projectObject);

  const visible = useMemo(
    () => sortImages(filterImages(images.data ?? [], search), sort.key, sort.direction),
    [images.data, search, sort],
  );
  const selectedImages = useMemo(
    () => (images.data ?? []).filter((image) => selected.has(imageKey(image))),
    [images.data, selected],
  );
  const aliasImage = images.data?.find((image) => imageKey(image) === aliasesOf);

  const onSort = useCallback((key: ImageSortKey) => {
    setSort((current) => ({
      key,
      direction:
        current.key === key && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));
  }, []);
  const onSelect = useCallback((image: LxdImage, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(imageKey(image));
      else next.delete(imageKey(image));
      return next;
    });
  }, []);
  const onSelectAll = useCallback(
    (on: boolean) => {
      setSelected(on ? new Set(visible.filter(canDelete).map(imageKey)) : new Set());
    },
    [visible, canDelete],
  );
  const closeAliases = useCallback(() => {
    setAliasesOf(null);
  }, []);
  const closeUpload = useCallback(() => {
    setUploading(false);
  }, []);
  const manageAliases = useCallback((image: LxdImage) => {
    setAliasesOf(imageKey(image));
  }, []);

  const total = images.data?.length ?? 0;

  return (
    <section className="page images-page" aria-labelledby="images-heading">
      <PageHeader
        title={
          <span id="images-heading">
            Images
            {images.data && (
              <span className="images-count u-text--muted">
                {' '}
                {total} {total === 1 ? 'image' : 'images'}
              </span>
            )}
          </span>
        }
      >
        <button
          type="button"
          className="p-button--positive"
          disabled={!canUpload || allProjects}
          title={
            !canUpload
              ? 'You do not have permission to create images in this project'
              : allProjects
                ? 'Select a project to upload an image'
                : undefined
          }
          onClick={() => {
            setUploading(true);
          }}
        >
          Upload image
        </button>
      </PageHeader>

      <ImagesToolbar
        search={search}
        onSearch={setSearch}
        allProjects={allProjects}
        onAllProjects={(on) => {
          setSelected(new Set());
          setParams(on ? { [ALL_PROJECTS_PARAM]: '1' } : {}, { replace: true });
        }}
      >
        {selectedImages.length > 0 && (
          <div className="images-selection" role="group" aria-label="Selected images">
            <span>{selectedImages.length} selected</span>
            <DeleteImagesButton
              images={selectedImages}
              project={project}
              onDone={() => {
                setSelected(new Set());
              }}
            />
            <button
              type="button"
              className="p-button--base"
              onClick={() => {
                setSelected(new Set());
              }}
            >
              Clear selection
            </button>
          </div>
        )}
      </ImagesToolbar>

      {images.isPending && <Loader text="Loading images…" />}
      {images.error && (
        <ErrorNotice
          title="Could not load images"
          error={images.error}
          onRetry={() => void images.refetch()}
        />
      )}
      {images.data && total === 0 && (
        <EmptyState title={allProjects ? 'No images in any project' : `No images in ${project}`}>
          <p>
            Upload an image file (for example one exported with <code>lxc image export</code>), or
            create one from an instance or snapshot on its page.
          </p>
        </EmptyState>
      )}
      {images.data && total > 0 && visible.length === 0 && (
        <EmptyState title="No images match your search">
          <p>Search looks at descriptions, aliases, fingerprints, types and architectures.</p>
        </EmptyState>
      )}
      {visible.length > 0 && (
        <ImagesTable
          images={visible}
          project={project}
          showProject={allProjects}
          selected={selected}
          onSelect={onSelect}
          onSelectAll={onSelectAll}
          sort={sort}
          onSort={onSort}
          canDelete={canDelete}
          onManageAliases={manageAliases}
        />
      )}

      {aliasImage && (
        <ImageAliasesModal
          image={aliasImage}
          project={imageProject(aliasImage, project)}
          onClose={closeAliases}
        />
      )}
      {uploading && <UploadImageModal project={project} onClose={closeUpload} />}
    </section>
  );
}
