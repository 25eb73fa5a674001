import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

/** Routes under /ui/project/{project}/ (spec §2: /ui/project/{project}/images). */
export const imageProjectRoutes: RouteObject[] = [
  {
    path: 'images',
    lazy: async () => {
      const { ImageListPage } = await importWithRetry(() => import('./pages/ImageListPage'));
      return { Component: ImageListPage };
    },
  },
];
