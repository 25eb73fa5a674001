export { projectGlobalRoutes, projectProjectRoutes } from './routes';
export { projectEventPrefixes, projectKeys } from './queries';
export { useProjectAbilities, type ProjectAbilities } from './queries';
