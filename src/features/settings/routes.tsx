import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/** /ui/settings (spec §2). */
export const settingsRoutes = navRoutes('settings', [
  { path: 'settings', lazy: lazyPage(() => import('./pages/SettingsPage'), 'SettingsPage') },
]);
