export { serverRoutes } from './routes';
export { serverPageKeys, resourcesQuery } from './queries';
export { Hardware } from './components/Hardware';
export { ServerTabs } from './components/ServerTabs';
export {
  STORAGE_DRIVER_LABELS,
  VMS_UNAVAILABLE,
  instanceTypes,
  storageDriverLabel,
} from './format';
