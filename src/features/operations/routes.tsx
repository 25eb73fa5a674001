import { navRoutes } from '../../shared/feature';
import { lazyPage } from '../../shared/routing/lazy';

/** /ui/operations (spec §2). */
export const operationRoutes = navRoutes('operations', [
  { path: 'operations', lazy: lazyPage(() => import('./pages/OperationsPage'), 'OperationsPage') },
]);
