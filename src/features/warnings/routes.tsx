import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

/** /ui/warnings (spec §2; the navigation hides it for restricted users). */
export const warningRoutes: RouteObject[] = [
  {
    path: 'warnings',
    lazy: async () => {
      const { WarningsPage } = await importWithRetry(() => import('./pages/WarningsPage'));
      return { Component: WarningsPage };
    },
  },
];
