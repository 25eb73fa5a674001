import type { FeatureModule } from '../../shared/feature';
import { paths } from '../../shared/routing/paths';
import { operationRoutes } from './routes';

export { operationRoutes } from './routes';
export {
  ALL_PROJECTS_OPERATIONS_EXTENSION,
  groupOperations,
  operationEventKeys,
  operationKeys,
  operationsQuery,
  runningOperationsText,
  upsertOperation,
  useOperations,
  useRunningOperationsCount,
} from './queries';
export { operationResourceLinks, type OperationResourceLink } from './resources';

export const operationsFeature: FeatureModule = {
  globalRoutes: operationRoutes,
  nav: [
    { id: 'operations', label: 'Operations', scope: 'global', order: 20, to: paths.operations },
  ],
};
