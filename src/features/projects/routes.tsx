import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

const configurationPage = async () => {
  const { ProjectConfigurationPage } = await importWithRetry(
    () => import('./pages/ProjectConfigurationPage'),
  );
  return { Component: ProjectConfigurationPage };
};

const usagePage = async () => {
  const { ProjectUsagePage } = await importWithRetry(() => import('./pages/ProjectUsagePage'));
  return { Component: ProjectUsagePage };
};

/** Routes under /ui/project/{project}/ (spec §2: configuration[/{section}]; usage). */
export const projectProjectRoutes: RouteObject[] = [
  { path: 'configuration', lazy: configurationPage },
  { path: 'configuration/:section', lazy: configurationPage },
  { path: 'usage', lazy: usagePage },
];

/** /ui/projects/create. */
export const projectGlobalRoutes: RouteObject[] = [
  {
    path: 'projects/create',
    lazy: async () => {
      const { ProjectCreatePage } = await importWithRetry(
        () => import('./pages/ProjectCreatePage'),
      );
      return { Component: ProjectCreatePage };
    },
  },
];
