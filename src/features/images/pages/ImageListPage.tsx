import type { LxdImage } from '../../../lxd/types/image';
import { listPage } from '../../../shared/pages';
import { DEFAULT_SORT, IMAGE_LIST_ID, imageColumns } from '../components/columns';
import {
  IMAGE_SEARCH,
  imagesEmptyFor,
  ImageListActions,
  imageBulkActions,
  imageRowActions,
  useImageListVariant,
  useImageRows,
} from '../components/imageList';
import { imageFilters, imageKey, imageLabel } from '../model';
import '../images.scss';

/** /ui/project/{project}/images: the project's images, or every project's (?all-projects=1). */
export const ImageListPage = listPage<LxdImage>({
  id: IMAGE_LIST_ID,
  title: 'Images',
  noun: { one: 'image', other: 'images' },
  className: 'images-page',
  useRows: useImageRows,
  useVariant: useImageListVariant,
  columns: ({ project }) => imageColumns({ allProjects: false, project }),
  rowKey: imageKey,
  rowLabel: imageLabel,
  defaultSort: DEFAULT_SORT,
  search: IMAGE_SEARCH,
  filters: (_context, rows) => imageFilters(rows),
  actions: (context) => <ImageListActions context={context} />,
  empty: imagesEmptyFor,
  selectDisabledReason:
    ({ permissions }) =>
    (image) =>
      permissions.on('image', 'delete', image),
  bulkActions: imageBulkActions,
  rowActions: imageRowActions,
  table: { actionsWidth: 18 },
});
