import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

const detailPage = async () => {
  const { ProfileDetailPage } = await importWithRetry(() => import('./pages/ProfileDetailPage'));
  return { Component: ProfileDetailPage };
};

/** Routes under /ui/project/{project}/ (spec §2). */
export const profileProjectRoutes: RouteObject[] = [
  {
    path: 'profiles',
    lazy: async () => {
      const { ProfileListPage } = await importWithRetry(() => import('./pages/ProfileListPage'));
      return { Component: ProfileListPage };
    },
  },
  {
    path: 'profiles/create',
    lazy: async () => {
      const { ProfileCreatePage } = await importWithRetry(
        () => import('./pages/ProfileCreatePage'),
      );
      return { Component: ProfileCreatePage };
    },
  },
  { path: 'profile/:name', lazy: detailPage },
  { path: 'profile/:name/:activeTab', lazy: detailPage },
  { path: 'profile/:name/:activeTab/:section', lazy: detailPage },
];
