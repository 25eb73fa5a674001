import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { activityInvalidation } from './events';
import { activityRoutes } from './routes';

export { activityRoutes } from './routes';
export { ResourceHistory, type ResourceHistoryProps } from './history';
export { activityResource } from './resources';
export { fetchActivity, type ActivityEntry } from './api';
export { usePageRemote } from './queries';

/**
 * Who did what (issue #33): the Activity page, from the console server's journal, and the
 * History tab of a resource's page. Every lifecycle event of the tab is kept too, for when LXD
 * serves the console and there is no journal.
 */
export const activityFeature: FeatureModule = {
  globalRoutes: activityRoutes,
  nav: [{ id: 'activity', label: 'Activity', scope: 'global', order: 25, to: paths.activity }],
  invalidations: [activityInvalidation],
};
