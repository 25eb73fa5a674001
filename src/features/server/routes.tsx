import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

/** /ui/server (spec §2). */
export const serverRoutes: RouteObject[] = [
  {
    path: 'server',
    lazy: async () => {
      const { ServerPage } = await importWithRetry(() => import('./pages/ServerPage'));
      return { Component: ServerPage };
    },
  },
];
