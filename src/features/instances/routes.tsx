import type { RouteObject } from 'react-router';
import { importWithRetry } from '../../shared/routing/lazy';

export const instanceRoutes: RouteObject[] = [
  {
    path: 'project/:project/instances',
    lazy: async () => {
      const { InstanceListPage } = await importWithRetry(() => import('./pages/InstanceListPage'));
      return { Component: InstanceListPage };
    },
  },
];
