export { instanceRoutes } from './routes';
export { instanceEventPrefixes, instanceKeys } from './queries';
