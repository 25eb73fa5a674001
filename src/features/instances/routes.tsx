import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';
import { loadInstanceDetailPage } from './detail';
import { prefetchInstances } from './list-load';
import { prefetchRemotes } from '../remotes';

const listPage = lazyPage(() => import('./list/InstanceListPage'), 'InstanceListPage');

/** Starts the list request at once, in parallel with sign-in and the page's code. */
const listRoute = {
  lazy: listPage,
  loader: ({ params }: { params: { project?: string } }) => {
    prefetchInstances(params.project);
    return null;
  },
  shouldRevalidate: () => false,
};

const createPage = lazyPage(() => import('./create/CreateInstancePage'), 'CreateInstancePage');

const detailPage = async () => {
  const { InstanceDetailPage } = await loadInstanceDetailPage();
  return { Component: InstanceDetailPage };
};

/** Routes under /ui/project/{project}/. */
export const instanceProjectRoutes = navRoutes('instances', [
  { path: 'instances', ...listRoute },
  { path: 'instances/create', lazy: createPage },
  { path: 'instance/:name/:activeTab?/:section?', lazy: detailPage },
]);

/** Starts the fleet list's requests at once: the remotes, then each online one's names. */
function prefetchFleetInstances() {
  void prefetchRemotes().then(
    (remotes) => {
      for (const remote of remotes ?? []) {
        if (remote.state !== 'online') continue;
        prefetchInstances(undefined, remote.default ? null : remote.name);
      }
    },
    () => undefined,
  );
}

/** /ui/fleet/instances: the instances of every remote of a console server (./fleet). */
const fleetListRoute = {
  lazy: lazyPage(() => import('./fleet/FleetInstancesPage'), 'FleetInstancesPage'),
  loader: () => {
    prefetchFleetInstances();
    return null;
  },
  shouldRevalidate: () => false,
};

/** Routes outside a project. */
export const instanceGlobalRoutes = navRoutes('instances', [
  { path: 'all-projects/instances', ...listRoute },
  { path: 'fleet/instances', ...fleetListRoute },
]);
