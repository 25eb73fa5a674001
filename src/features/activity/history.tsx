/**
 * The History tab other features show (instances, profiles, networks, pools, volumes,
 * projects): its code loads with the tab, inside the detail page's Suspense.
 */
import { lazy } from 'react';
import { importWithRetry } from '../../shared/routing/lazy';

export type { ResourceHistoryProps } from './components/ResourceHistory';

export const ResourceHistory = lazy(() =>
  importWithRetry(() => import('./components/ResourceHistory')).then((module) => ({
    default: module.ResourceHistoryPanel,
  })),
);
