import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/** /ui/server (spec §2). */
export const serverRoutes = navRoutes('server', [
  { path: 'server', lazy: lazyPage(() => import('./pages/ServerPage'), 'ServerPage') },
]);
