export { instanceGlobalRoutes, instanceProjectRoutes } from './routes';
export { instanceEventPrefixes, instanceKeys } from './queries';
