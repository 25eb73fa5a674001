export { warningRoutes } from './routes';
export { warningEventPrefixes, warningKeys, warningsQuery } from './queries';
export type { LxdWarning } from './api';
