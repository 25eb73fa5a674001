import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';
import { prefetchInstances } from '../instances';

/** /ui/project/{project}/overview: the instances' names are asked for as soon as it matches. */
export const overviewRoutes = navRoutes('overview', [
  {
    path: 'overview',
    lazy: lazyPage(() => import('./OverviewPage'), 'OverviewPage'),
    loader: ({ params }: { params: { project?: string } }) => {
      prefetchInstances(params.project);
      return null;
    },
    shouldRevalidate: () => false,
  },
]);
