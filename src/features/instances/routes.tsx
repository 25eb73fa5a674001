import type { RouteObject } from 'react-router';
import { importWithRetry } from '../../shared/routing/lazy';

const listPage = async () => {
  const { InstanceListPage } = await importWithRetry(() => import('./pages/InstanceListPage'));
  return { Component: InstanceListPage };
};

/** Routes under /ui/project/{project}/. */
export const instanceProjectRoutes: RouteObject[] = [{ path: 'instances', lazy: listPage }];

/** Routes outside a project. */
export const instanceGlobalRoutes: RouteObject[] = [
  { path: 'all-projects/instances', lazy: listPage },
];
