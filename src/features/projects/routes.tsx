import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

const configurationPage = lazyPage(
  () => import('./pages/ProjectConfigurationPage'),
  'ProjectConfigurationPage',
);

/** Routes under /ui/project/{project}/ (spec §2: configuration[/{section}]; usage; history). */
export const projectProjectRoutes = [
  ...navRoutes('project-configuration', [
    { path: 'configuration', lazy: configurationPage },
    { path: 'configuration/:section', lazy: configurationPage },
  ]),
  ...navRoutes('project-usage', [
    { path: 'usage', lazy: lazyPage(() => import('./pages/ProjectUsagePage'), 'ProjectUsagePage') },
  ]),
  ...navRoutes('project-history', [
    {
      path: 'history',
      lazy: lazyPage(() => import('./pages/ProjectHistoryPage'), 'ProjectHistoryPage'),
    },
  ]),
];

/** /ui/projects/create. */
export const projectGlobalRoutes = [
  {
    path: 'projects/create',
    lazy: lazyPage(() => import('./pages/ProjectCreatePage'), 'ProjectCreatePage'),
  },
];
