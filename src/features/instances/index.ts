import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { instanceBulkExecutors } from './actions/executors';
import { instanceInvalidation } from './events';
import { instanceGlobalRoutes, instanceProjectRoutes } from './routes';

export { instanceGlobalRoutes, instanceProjectRoutes } from './routes';
export { instanceEventPrefixes } from './events';
export { instanceKeys, instanceListKey } from './keys';
export { instancesQuery } from './queries';
export { prefetchInstances, startFullListNow } from './list-load';
export { useLiveInstanceLists } from './live';
export type { InstanceList, InstanceListItem } from './list-item';
export { compileFilter, type Filterable } from './list/filter';

export const instancesFeature: FeatureModule = {
  projectRoutes: instanceProjectRoutes,
  globalRoutes: instanceGlobalRoutes,
  nav: [
    {
      id: 'instances',
      label: 'Instances',
      scope: 'project',
      order: 10,
      to: paths.instances,
      allProjectsTo: paths.allProjectsInstances,
    },
  ],
  invalidations: [instanceInvalidation],
  bulkExecutors: instanceBulkExecutors,
  palette: () => import('./palette').then((module) => module.paletteSources),
};
