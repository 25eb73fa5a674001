import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

/** /ui/operations (spec §2). */
export const operationRoutes: RouteObject[] = [
  {
    path: 'operations',
    lazy: async () => {
      const { OperationsPage } = await importWithRetry(() => import('./pages/OperationsPage'));
      return { Component: OperationsPage };
    },
  },
];
