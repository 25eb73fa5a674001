import type { RouteObject } from '../../shared/routing/router';
import { importWithRetry } from '../../shared/routing/lazy';

/** /ui/settings (spec §2). */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: async () => {
      const { SettingsPage } = await importWithRetry(() => import('./pages/SettingsPage'));
      return { Component: SettingsPage };
    },
  },
];
