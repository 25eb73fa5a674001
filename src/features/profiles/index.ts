import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { profileInvalidation } from './events';
import { profileProjectRoutes } from './routes';

export { profileProjectRoutes } from './routes';
export { profileEventPrefixes, profileKeys } from './queries';

export const profilesFeature: FeatureModule = {
  projectRoutes: profileProjectRoutes,
  nav: [{ id: 'profiles', label: 'Profiles', scope: 'project', order: 20, to: paths.profiles }],
  invalidations: [profileInvalidation],
  palette: () => import('./palette').then((module) => module.paletteSources),
};
