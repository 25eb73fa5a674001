import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

/** /ui/server/clustering and the cluster screens (spec §2). */
export const clusterRoutes: RouteObject[] = [
  {
    path: 'server/clustering',
    lazy: async () => {
      const { ClusteringPage } = await importWithRetry(() => import('./pages/ClusteringPage'));
      return { Component: ClusteringPage };
    },
  },
  {
    path: 'cluster/members',
    lazy: async () => {
      const { ClusterMembersPage } = await importWithRetry(
        () => import('./pages/ClusterMembersPage'),
      );
      return { Component: ClusterMembersPage };
    },
  },
  {
    path: 'cluster/groups',
    lazy: async () => {
      const { ClusterGroupsPage } = await importWithRetry(
        () => import('./pages/ClusterGroupsPage'),
      );
      return { Component: ClusterGroupsPage };
    },
  },
  {
    path: 'cluster/member/:name/:activeTab?',
    lazy: async () => {
      const { ClusterMemberPage } = await importWithRetry(
        () => import('./pages/ClusterMemberPage'),
      );
      return { Component: ClusterMemberPage };
    },
  },
];
