import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/** Routes under /ui/project/{project}/ (spec §2: /ui/project/{project}/images). */
export const imageProjectRoutes = navRoutes('images', [
  { path: 'images', lazy: lazyPage(() => import('./pages/ImageListPage'), 'ImageListPage') },
]);
