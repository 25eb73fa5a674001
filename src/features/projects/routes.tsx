import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

const configurationPage = lazyPage(
  () => import('./pages/ProjectConfigurationPage'),
  'ProjectConfigurationPage',
);

/** Routes under /ui/project/{project}/ (spec §2: configuration[/{section}]; usage). */
export const projectProjectRoutes = [
  ...navRoutes('project-configuration', [
    { path: 'configuration', lazy: configurationPage },
    { path: 'configuration/:section', lazy: configurationPage },
  ]),
  ...navRoutes('project-usage', [
    { path: 'usage', lazy: lazyPage(() => import('./pages/ProjectUsagePage'), 'ProjectUsagePage') },
  ]),
];

/** /ui/projects/create. */
export const projectGlobalRoutes = [
  {
    path: 'projects/create',
    lazy: lazyPage(() => import('./pages/ProjectCreatePage'), 'ProjectCreatePage'),
  },
];
