import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';
import { prefetchActivity } from './early';

/** /ui/activity: the console server's journal (this tab's events without one). */
export const activityRoutes = navRoutes('activity', [
  {
    path: 'activity',
    lazy: lazyPage(() => import('./pages/ActivityPage'), 'ActivityPage'),
    // The first page is asked at once, in parallel with sign-in and the page's code.
    loader: () => {
      prefetchActivity(window.location.search);
      return null;
    },
    shouldRevalidate: () => false,
  },
]);
