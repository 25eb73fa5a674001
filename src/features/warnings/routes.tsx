import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/** /ui/warnings (spec §2; the navigation hides it for restricted users). */
export const warningRoutes = navRoutes('warnings', [
  { path: 'warnings', lazy: lazyPage(() => import('./pages/WarningsPage'), 'WarningsPage') },
]);
