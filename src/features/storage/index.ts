export { storageProjectRoutes } from './routes';
export { storageEventPrefixes, storageInvalidation } from './events';
export { storageKeys } from './keys';
export { volumeOptionsQuery } from './volume-options';
