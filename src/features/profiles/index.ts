export { profileProjectRoutes } from './routes';
export { profileEventPrefixes, profileKeys } from './queries';
