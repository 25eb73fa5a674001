import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';
import { loadInstanceDetailPage } from './detail/preload';
import { prefetchInstances } from './queries';

const listPage = async () => {
  const { InstanceListPage } = await importWithRetry(() => import('./list/InstanceListPage'));
  return { Component: InstanceListPage };
};

/** Starts the list request at once, in parallel with sign-in and the page's code. */
const listRoute = {
  lazy: listPage,
  loader: ({ params }: { params: { project?: string } }) => {
    prefetchInstances(params.project);
    return null;
  },
  shouldRevalidate: () => false,
};

const createPage = async () => {
  const { CreateInstancePage } = await importWithRetry(() => import('./create/CreateInstancePage'));
  return { Component: CreateInstancePage };
};

const detailPage = async () => {
  const { InstanceDetailPage } = await loadInstanceDetailPage();
  return { Component: InstanceDetailPage };
};

/** Routes under /ui/project/{project}/. */
export const instanceProjectRoutes: RouteObject[] = [
  { path: 'instances', ...listRoute },
  { path: 'instances/create', lazy: createPage },
  { path: 'instance/:name/:activeTab?/:section?', lazy: detailPage },
];

/** Routes outside a project. */
export const instanceGlobalRoutes: RouteObject[] = [
  { path: 'all-projects/instances', ...listRoute },
];
