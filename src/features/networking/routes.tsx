import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

const networkDetail = lazyPage(
  () => import('./networks/pages/NetworkDetailPage'),
  'NetworkDetailPage',
);
const forwardForm = lazyPage(() => import('./forwards/pages/ForwardFormPage'), 'ForwardFormPage');

/** Routes under /ui/project/{project}/ (spec §2: Networks, forwards, ACLs and IPAM). */
export const networkingProjectRoutes = [
  ...navRoutes('networks', [
    {
      path: 'networks',
      lazy: lazyPage(() => import('./networks/pages/NetworkListPage'), 'NetworkListPage'),
    },
    {
      path: 'networks/create',
      lazy: lazyPage(() => import('./networks/pages/NetworkCreatePage'), 'NetworkCreatePage'),
    },
    { path: 'network/:name/:activeTab?/:section?', lazy: networkDetail },
    { path: 'member/:member/network/:name/:activeTab?', lazy: networkDetail },
    { path: 'network/:network/forwards/create', lazy: forwardForm },
    { path: 'network/:network/forwards/:address/edit', lazy: forwardForm },
    { path: 'network/:network/member/:member/forwards/:address/edit', lazy: forwardForm },
  ]),
  ...navRoutes('network-acls', [
    {
      path: 'network-acls',
      lazy: lazyPage(() => import('./acls/pages/AclListPage'), 'AclListPage'),
    },
    {
      path: 'network-acls/create',
      lazy: lazyPage(() => import('./acls/pages/AclCreatePage'), 'AclCreatePage'),
    },
    {
      path: 'network-acl/:name/:activeTab?',
      lazy: lazyPage(() => import('./acls/pages/AclDetailPage'), 'AclDetailPage'),
    },
  ]),
  ...navRoutes('network-ipam', [
    { path: 'network-ipam', lazy: lazyPage(() => import('./ipam/pages/IpamPage'), 'IpamPage') },
  ]),
];
