import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { instanceInvalidation } from './events';
import { instanceGlobalRoutes, instanceProjectRoutes } from './routes';

export { instanceGlobalRoutes, instanceProjectRoutes } from './routes';
export { instanceEventPrefixes } from './events';
export { instanceKeys } from './keys';

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
  palette: () => import('./palette').then((module) => module.paletteSources),
};
