import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { warningInvalidation } from './events';
import { warningBulkExecutors } from './executors';
import { warningRoutes } from './routes';

export { warningRoutes } from './routes';
export { warningEventPrefixes, warningKeys, warningsQuery } from './queries';

/** Spec §2: Warnings is hidden for restricted users. */
export const warningsFeature: FeatureModule = {
  globalRoutes: warningRoutes,
  nav: [
    {
      id: 'warnings',
      label: 'Warnings',
      scope: 'global',
      order: 30,
      to: paths.warnings,
      shown: (auth) => !auth.isRestricted,
    },
  ],
  invalidations: [warningInvalidation],
  bulkExecutors: warningBulkExecutors,
};
