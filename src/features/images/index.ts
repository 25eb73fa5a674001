import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { imageInvalidation } from './events';
import { imageBulkExecutors } from './executors';
import { imageProjectRoutes } from './routes';

export { imageProjectRoutes } from './routes';
export {
  IMAGES_ALL_PROJECTS_EXTENSION,
  imageEventPrefixes,
  imageKeys,
  imagesQuery,
} from './queries';
export {
  PublishImageModal,
  publishBody,
  type PublishImageModalProps,
} from './components/PublishImageModal';

export const imagesFeature: FeatureModule = {
  projectRoutes: imageProjectRoutes,
  nav: [{ id: 'images', label: 'Images', scope: 'project', order: 50, to: paths.images }],
  invalidations: [imageInvalidation],
  bulkExecutors: imageBulkExecutors,
  palette: () => import('./palette').then((module) => module.paletteSources),
};
