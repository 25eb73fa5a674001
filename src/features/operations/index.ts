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
export { ALL_PROJECTS, type ProjectOperation } from './api';
export { operationResourceLinks, type OperationResourceLink } from './resources';
