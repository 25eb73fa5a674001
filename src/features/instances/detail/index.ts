/**
 * The instance page's code, loaded by its route and ahead of a click once the list is complete
 * (preload.ts). The other sub-folders and the routes import them only from here.
 */
export { loadInstanceDetailPage, preloadInstanceDetail } from './preload';
