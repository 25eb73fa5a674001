import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { projectInvalidation } from './events';
import { projectGlobalRoutes, projectProjectRoutes } from './routes';

export { projectGlobalRoutes, projectProjectRoutes } from './routes';
export { projectEventPrefixes, projectKeys } from './queries';
export { useProjectAbilities, type ProjectAbilities } from './queries';

export const projectsFeature: FeatureModule = {
  projectRoutes: projectProjectRoutes,
  globalRoutes: projectGlobalRoutes,
  nav: [
    {
      id: 'project-configuration',
      label: 'Configuration',
      scope: 'project',
      order: 60,
      to: (project) => paths.projectConfiguration(project),
    },
    { id: 'project-usage', label: 'Usage', scope: 'project', order: 70, to: paths.projectUsage },
    // The activity journal's entries of the project (src/features/activity).
    {
      id: 'project-history',
      label: 'History',
      scope: 'project',
      order: 80,
      to: paths.projectHistory,
    },
  ],
  invalidations: [projectInvalidation],
};
