import type { FeatureModule } from '../../shared/feature';
import { fleetRoutes } from './routes';

export { fleetKeys } from './queries';

/**
 * The fleet: every server of a console server with several remotes. No navigation entry: the
 * remote switcher links to it, and it exists only where there are remotes.
 */
export const fleetFeature: FeatureModule = {
  globalRoutes: fleetRoutes,
};
