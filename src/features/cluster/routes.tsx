import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/** /ui/server/clustering and the cluster screens (spec §2). */
export const clusterRoutes = [
  ...navRoutes('server', [
    {
      path: 'server/clustering',
      lazy: lazyPage(() => import('./pages/ClusteringPage'), 'ClusteringPage'),
    },
  ]),
  ...navRoutes('cluster-members', [
    {
      path: 'cluster/members',
      lazy: lazyPage(() => import('./pages/ClusterMembersPage'), 'ClusterMembersPage'),
    },
    {
      path: 'cluster/member/:name/:activeTab?',
      lazy: lazyPage(() => import('./pages/ClusterMemberPage'), 'ClusterMemberPage'),
    },
  ]),
  ...navRoutes('cluster-groups', [
    {
      path: 'cluster/groups',
      lazy: lazyPage(() => import('./pages/ClusterGroupsPage'), 'ClusterGroupsPage'),
    },
  ]),
];
