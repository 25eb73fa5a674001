import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/**
 * /ui/fleet: the remotes of the console server (the switcher links to it). The instances of
 * every remote, /ui/fleet/instances, are the instances feature's (src/features/instances/fleet).
 */
export const fleetRoutes = navRoutes('fleet', [
  { path: 'fleet', lazy: lazyPage(() => import('./pages/FleetPage'), 'FleetPage') },
]);
