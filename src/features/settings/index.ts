import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { settingsInvalidation } from './events';
import { settingsRoutes } from './routes';

export { settingsRoutes } from './routes';
export { settingsEventPrefixes, settingsKeys } from './queries';
export {
  DOCUMENTATION_BASE,
  docLink,
  hasDocumentationObjects,
  parseDocObjects,
} from './docObjects';

export const settingsFeature: FeatureModule = {
  globalRoutes: settingsRoutes,
  nav: [{ id: 'settings', label: 'Settings', scope: 'global', order: 50, to: paths.settings }],
  invalidations: [settingsInvalidation],
};
