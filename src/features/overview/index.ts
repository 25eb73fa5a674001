import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { overviewRoutes } from './routes';

export { landingPath, readLanding, writeLanding, type Landing } from './landing';

/**
 * The project's overview (issue #34): health, instances by status and type, allocation against
 * capacity, warnings, operations, recent activity; the landing page a user may choose.
 */
export const overviewFeature: FeatureModule = {
  projectRoutes: overviewRoutes,
  nav: [{ id: 'overview', label: 'Overview', scope: 'project', order: 5, to: paths.overview }],
};
