import type { FeatureModule } from '../../shared/feature';
import { loginRoutes } from './routes';

export { loginRoutes } from './routes';
export { isLoginPath, logout } from './logout';
export { loginPaths } from './paths';

export const loginFeature: FeatureModule = { publicRoutes: loginRoutes };
