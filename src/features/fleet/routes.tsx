import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/**
 * /ui/fleet: the remotes of the console server (the switcher links to it); /ui/fleet/instances:
 * the instances of every remote.
 */
export const fleetRoutes = navRoutes('fleet', [
  { path: 'fleet', lazy: lazyPage(() => import('./pages/FleetPage'), 'FleetPage') },
  {
    path: 'fleet/instances',
    lazy: lazyPage(() => import('./pages/FleetInstancesPage'), 'FleetInstancesPage'),
  },
]);
