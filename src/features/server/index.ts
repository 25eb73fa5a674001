import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { serverRoutes } from './routes';

export { serverRoutes } from './routes';
export { serverPageKeys, resourcesQuery } from './queries';
export { Hardware } from './components/Hardware';
export { ServerTabs } from './components/ServerTabs';
export {
  STORAGE_DRIVER_LABELS,
  VMS_UNAVAILABLE,
  instanceTypes,
  storageDriverLabel,
} from './format';

/** A standalone server's page (spec §2: the entry is shown when not clustered). */
export const serverFeature: FeatureModule = {
  globalRoutes: serverRoutes,
  nav: [
    {
      id: 'server',
      label: 'Server',
      scope: 'global',
      order: 10,
      to: paths.server,
      shown: (auth) => !auth.isClustered,
    },
  ],
};
