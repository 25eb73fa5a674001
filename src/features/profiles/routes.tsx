import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/** Routes under /ui/project/{project}/ (spec §2). */
export const profileProjectRoutes = navRoutes('profiles', [
  { path: 'profiles', lazy: lazyPage(() => import('./pages/ProfileListPage'), 'ProfileListPage') },
  {
    path: 'profiles/create',
    lazy: lazyPage(() => import('./pages/ProfileCreatePage'), 'ProfileCreatePage'),
  },
  {
    path: 'profile/:name/:activeTab?/:section?',
    lazy: lazyPage(() => import('./pages/ProfileDetailPage'), 'ProfileDetailPage'),
  },
]);
