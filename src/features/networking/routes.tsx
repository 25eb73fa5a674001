import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

const networkDetail = async () => {
  const { NetworkDetailPage } = await importWithRetry(
    () => import('./networks/pages/NetworkDetailPage'),
  );
  return { Component: NetworkDetailPage };
};

const forwardForm = async () => {
  const { ForwardFormPage } = await importWithRetry(
    () => import('./forwards/pages/ForwardFormPage'),
  );
  return { Component: ForwardFormPage };
};

/** Routes under /ui/project/{project}/ (spec §2: Networks, forwards, ACLs and IPAM). */
export const networkingProjectRoutes: RouteObject[] = [
  {
    path: 'networks',
    lazy: async () => {
      const { NetworkListPage } = await importWithRetry(
        () => import('./networks/pages/NetworkListPage'),
      );
      return { Component: NetworkListPage };
    },
  },
  {
    path: 'networks/create',
    lazy: async () => {
      const { NetworkCreatePage } = await importWithRetry(
        () => import('./networks/pages/NetworkCreatePage'),
      );
      return { Component: NetworkCreatePage };
    },
  },
  { path: 'network/:name', lazy: networkDetail },
  { path: 'network/:name/:activeTab', lazy: networkDetail },
  { path: 'network/:name/:activeTab/:section', lazy: networkDetail },
  { path: 'member/:member/network/:name', lazy: networkDetail },
  { path: 'member/:member/network/:name/:activeTab', lazy: networkDetail },
  { path: 'network/:network/forwards/create', lazy: forwardForm },
  { path: 'network/:network/forwards/:address/edit', lazy: forwardForm },
  { path: 'network/:network/member/:member/forwards/:address/edit', lazy: forwardForm },
  {
    path: 'network-acls',
    lazy: async () => {
      const { AclListPage } = await importWithRetry(() => import('./acls/pages/AclListPage'));
      return { Component: AclListPage };
    },
  },
  {
    path: 'network-acls/create',
    lazy: async () => {
      const { AclCreatePage } = await importWithRetry(() => import('./acls/pages/AclCreatePage'));
      return { Component: AclCreatePage };
    },
  },
  {
    path: 'network-acl/:name',
    lazy: async () => {
      const { AclDetailPage } = await importWithRetry(() => import('./acls/pages/AclDetailPage'));
      return { Component: AclDetailPage };
    },
  },
  {
    path: 'network-ipam',
    lazy: async () => {
      const { IpamPage } = await importWithRetry(() => import('./ipam/pages/IpamPage'));
      return { Component: IpamPage };
    },
  },
];
