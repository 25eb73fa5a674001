import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { networkingInvalidation } from './events';
import { networkingProjectRoutes } from './routes';

export { networkingProjectRoutes } from './routes';
export { networkingEventPrefixes, networkingInvalidation } from './events';
export { networkingKeys } from './keys';
export { useNicChoices } from './ipam/nic-choices';

export const networkingFeature: FeatureModule = {
  projectRoutes: networkingProjectRoutes,
  nav: [
    {
      id: 'networks',
      label: 'Networks',
      scope: 'project',
      group: 'Networking',
      order: 30,
      to: paths.networks,
    },
    {
      id: 'network-acls',
      label: 'Network ACLs',
      scope: 'project',
      group: 'Networking',
      order: 31,
      to: paths.networkAcls,
    },
    {
      id: 'network-ipam',
      label: 'IPAM',
      scope: 'project',
      group: 'Networking',
      order: 32,
      to: paths.networkIpam,
    },
  ],
  invalidations: [networkingInvalidation],
  palette: () => import('./palette').then((module) => module.paletteSources),
};
