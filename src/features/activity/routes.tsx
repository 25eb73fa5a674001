import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/** /ui/activity: the console server's journal (this tab's events without one). */
export const activityRoutes = navRoutes('activity', [
  { path: 'activity', lazy: lazyPage(() => import('./pages/ActivityPage'), 'ActivityPage') },
]);
