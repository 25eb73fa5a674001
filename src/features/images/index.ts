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
