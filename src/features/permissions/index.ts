export { permissionsRoutes } from './routes';
export { permissionsEventPrefixes, permissionsInvalidation } from './events';
export { permissionsKeys } from './keys';
