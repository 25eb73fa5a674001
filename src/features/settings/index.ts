export { settingsRoutes } from './routes';
export { settingsEventPrefixes, settingsKeys } from './queries';
export {
  DOCUMENTATION_BASE,
  docLink,
  hasDocumentationObjects,
  parseDocObjects,
} from './docObjects';
